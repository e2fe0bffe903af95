"""Scenarios: small records with the findings and states their replay must give.

`model` loads and validates scenario files, `runner` runs them, `plugin` lets pytest collect
them, and `coverage` says which rules of the matrix have a passing scenario. Nothing is imported
here, so that pytest loading the plugin stays cheap in any project.
"""
