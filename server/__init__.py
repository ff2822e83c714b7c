"""The server's machinery, apart from what readers see: the operator's settings (``settings``),
the guards in front of Streamlit's routes (``door_guard``: no reader empties the caches or reads
the metrics; ``held_uploads`` and ``closed_sessions``: whose uploads are taken, how many, and
when they are freed; ``asgi``: their types), the lab's run queue (``runs``), its cost model
(``cost``) and its own Dask cluster (``cluster``), and the closed lab's page (``closed``).
Nothing here imports the app's ``ui`` package: what the server says to a reader goes by a
catalog's key, which the app words (``words``).
"""
