"""Findings: every problem monolog reports, parse errors and rule violations alike."""

from .. import notation as _notation  # noqa: F401  (load order: notation imports findings.model)
from .model import Finding, Severity

__all__ = ["Finding", "Severity"]
