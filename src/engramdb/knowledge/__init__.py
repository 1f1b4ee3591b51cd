"""The memory model: authoritative and experiential knowledge, reconciled honestly.

``Memory`` (also ``engramdb.Memory``) is the façade; ``reconcile.py`` holds the decision core,
``extract/`` the extraction cascade, ``documents/`` document parsing, ``views.py`` the read views.
"""
