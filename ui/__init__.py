"""The Streamlit side of the calculator: URL state, the string catalogs, charts, cached core
calls and the shared widgets. The only package besides the pages that imports streamlit."""
