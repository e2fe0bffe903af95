"""The names of the formats `monolog audit` writes its findings in: one list, read by the
option, its completion and help, and the reports' streams (monolog/reports/formats), so a new
format is named once. Kept apart from the streams, which cost start-up time to import."""

# written a game at a time by monolog.reports.formats.open_stream
STREAMED: tuple[str, ...] = ("jsonl", "sarif", "github", "junit")
# every `--format` value: the text report, the JSON document, then the streamed formats
AUDIT_FORMATS: tuple[str, ...] = ("text", "json", *STREAMED)
