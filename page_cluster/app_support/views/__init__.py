"""View models: each analyst view's tables and figures from a partition view.

One module per view; each takes an :class:`~page_cluster.app_support.Analysis`
and/or a :class:`~page_cluster.app_support.PartitionView` and returns pandas
tables, plotly figures or plain data. The Streamlit page scripts only draw them.
"""
