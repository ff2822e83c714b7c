# syntax=docker/dockerfile:1
# The public calculator as a container, after Streamlit's own deployment recipe: slim Python, the
# calculator's pinned requirements (no lab: no uploads, cluster, engine or sign-in), a non-root
# user that can read the code and write nothing of it, and a health check on Streamlit's health
# endpoint.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 gammon

WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt

# Owned by root, readable by all, writable by none but root: the server cannot change its code.
# The lab (lab.py, doors/lab.py, pages/lab/, ui/lab/, and the server's queue, cost model and
# cluster) is left out of the image by .dockerignore.
COPY --chmod=a=rX app.py ./
COPY --chmod=a=rX doors ./doors
COPY --chmod=a=rX gammon_elo ./gammon_elo
COPY --chmod=a=rX pages ./pages
COPY --chmod=a=rX ui ./ui
COPY --chmod=a=rX .streamlit ./.streamlit

USER gammon
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD curl --fail --silent http://localhost:8501/_stcore/health || exit 1

ENTRYPOINT ["streamlit", "run", "app.py", "--server.port=8501", "--server.address=0.0.0.0"]
