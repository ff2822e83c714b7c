# The calculator as a container, after Streamlit's own deployment recipe: slim Python, the pinned
# requirements, a non-root user, and a health check on Streamlit's health endpoint.
FROM python:3.11-slim

# NUMPY_MADVISE_HUGEPAGE=0: numpy's huge-page advice made large replays 1.3–4× slower on our VMs.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    NUMPY_MADVISE_HUGEPAGE=0

RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 gammon

WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY --chown=gammon:gammon app.py ./
COPY --chown=gammon:gammon gammon_elo ./gammon_elo
COPY --chown=gammon:gammon pages ./pages
COPY --chown=gammon:gammon ui ./ui
COPY --chown=gammon:gammon .streamlit ./.streamlit
COPY --chown=gammon:gammon static ./static

USER gammon
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD curl --fail --silent http://localhost:8501/_stcore/health || exit 1

ENTRYPOINT ["streamlit", "run", "app.py", "--server.port=8501", "--server.address=0.0.0.0"]
