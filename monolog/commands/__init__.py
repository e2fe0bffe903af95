"""One module per command; each defines `register(app)`. See monolog/cli.py."""
