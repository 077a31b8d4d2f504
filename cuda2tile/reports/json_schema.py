"""JSON Schema (draft 2020-12) of the coverage report, `cuda2tile.reports/1`.

Versioning: the number in `schema` changes when a field is removed or changes meaning; fields may
be added within a version (hence no `additionalProperties: false` at the top level). A test
validates real reports against this schema. Human-readable description: docs/coverage-reports.md.
"""

from __future__ import annotations

_STATUS = {"enum": ["supported", "partial", "unsupported", "planned", "unknown"]}
_KERNEL_STATUS = {"enum": ["converted", "partial", "unsupported"]}
_EFFORT = {"enum": ["none", "low", "medium", "high"]}
_COUNT = {"type": "integer", "minimum": 0}
_PCT = {"type": "number", "minimum": 0, "maximum": 100}
_NULLABLE_STR = {"type": ["string", "null"]}


def _object(required: dict, optional: dict | None = None) -> dict:
    return {"type": "object", "required": sorted(required), "properties": {**required, **(optional or {})}}


_DIAG = _object({"code": {"type": "string", "pattern": "^C2T[0-9]{4}$"},
                 "severity": {"enum": ["note", "warning", "error"]}, "message": {"type": "string"},
                 "line": _COUNT, "col": _COUNT})
_OCCURRENCE = _object({"construct": {"type": "string"}, "spelling": {"type": "string"},
                       "category": {"type": "string"}, "status": _STATUS,
                       "code": {"type": ["string", "null"], "pattern": "^C2T[0-9]{4}$"}, "effort": _EFFORT,
                       "line": _COUNT, "col": _COUNT, "function": _NULLABLE_STR,
                       "scope": {"enum": ["device", "host"]}})
_PARITY = {"oneOf": [{"type": "null"}, _object({
    "status": {"enum": ["passed", "failed", "skipped"]}, "checks": _COUNT,
    "seconds": {"type": "number", "minimum": 0}, "error": _NULLABLE_STR})]}
_KERNEL = _object({"name": {"type": "string"}, "status": _KERNEL_STATUS, "line": _COUNT, "end_line": _COUNT,
                   "lines": _COUNT, "factory": _NULLABLE_STR, "functions": {"type": "array", "items": {"type": "string"}},
                   "diagnostics": {"type": "array", "items": _DIAG},
                   "constructs": {"type": "object", "additionalProperties": _COUNT},
                   "blocking": {"type": "array", "items": {"type": "string"}},
                   "effort_hours": {"type": "number", "minimum": 0}, "parity": _PARITY},
                  {"raised": {"type": "array", "items": {"type": "string"}}})
_FILE = _object({"path": {"type": "string"}, "display": {"type": "string"},
                 "status": {"enum": ["converted", "partial", "unsupported", "no kernels"]},
                 "cached": {"type": "boolean"},
                 "seconds": {"type": "number", "minimum": 0}, "diagnostics": {"type": "array", "items": _DIAG},
                 "kernels": {"type": "array", "items": _KERNEL},
                 "occurrences": {"type": "array", "items": _OCCURRENCE}})
_BY_STATUS = {s: _COUNT for s in _STATUS["enum"]}
_TOP = {"type": "array", "items": _object({
    "construct": {"type": "string"}, "category": {"type": "string"}, "status": _STATUS,
    "code": {"type": ["string", "null"]}, "effort": _EFFORT, "occurrences": _COUNT, "first": {"type": "string"}})}
_SUMMARY = _object({
    "files": _COUNT,
    "kernels": _object({"total": _COUNT, "converted": _COUNT, "partial": _COUNT, "unsupported": _COUNT,
                        "converted_pct": _PCT}),
    "constructs": _object({"total": _COUNT, **_BY_STATUS, "supported_pct": _PCT}),
    "host_constructs": _object({"total": _COUNT, **_BY_STATUS}),
    "lines": _object({"kernel_lines": _COUNT, "converted_lines": _COUNT, "converted_pct": _PCT}),
    "effort_hours": _object({"device": {"type": "number"}, "host": {"type": "number"}, "total": {"type": "number"}}),
    "parity": _object({"ran": {"type": "boolean"}, "passed": _COUNT, "failed": _COUNT, "skipped": _COUNT}),
}, {"raised": _object({"kernels": _COUNT, "idioms": {"type": "object", "additionalProperties": _COUNT}})})

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "cuda2tile.reports/1",
    "title": "cuda2tile coverage report",
    **_object({
        "schema": {"const": "cuda2tile.reports/1"},
        "tool_version": {"type": "string"},
        "generated_at": {"type": "string"},
        "sources": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object"},
        "git": {"oneOf": [{"type": "null"}, _object({"commit": {"type": "string"}, "branch": _NULLABLE_STR,
                                                     "dirty": {"type": "boolean"}})]},
        "timing": _object({"seconds": {"type": "number"}, "files_cached": _COUNT, "files_scanned": _COUNT}),
        "summary": _SUMMARY,
        "top_unsupported": _TOP,
        "top_host": _TOP,
        "errors": {"type": "array"},
        "files": {"type": "array", "items": _FILE},
    }, {
        "missing_headers": {"type": "array", "items": _object({
            "header": {"type": "string"}, "files": _COUNT,
            "blocked_kernels": {"type": "array", "items": {"type": "string"}}})},
    }),
}
