"""Findings: every problem monolog reports, parse errors and rule violations alike."""

from .model import Finding, Severity

__all__ = ["Finding", "Severity"]
