"""The benchmark's baseline: the smallest Streamlit page with the same shape of interaction as the
home page — one number typed in, one st.metric showing it. See bench_app.py."""

import streamlit as st

value = st.number_input("Value", value=1500, step=1, key="value")
st.metric("Shown", value)
