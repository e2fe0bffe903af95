"""One module per command; each defines `register(app)`. See monolog/cli.py.

A command too big for one module keeps its parts beside it, named after it: `audit.py` (the
command) with `audit_options.py`, `audit_record.py`, `audit_batch.py` and `audit_output.py`."""
