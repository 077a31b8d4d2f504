"""JSON Schema (draft 2020-12) of the coverage report, `cuda2tile.reports/2`.

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
                 "line": _COUNT, "col": _COUNT}, {"file": {"type": "string"}})
_INVENTORY = {"oneOf": [{"type": "null"}, _object({"defined": _COUNT, "found": _COUNT, "not_compiled": _COUNT,
                                                   "missed": _COUNT})]}
_OWNERS = {"oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "string"}}]}
_OCCURRENCE = _object({"construct": {"type": "string"}, "spelling": {"type": "string"},
                       "category": {"type": "string"}, "status": _STATUS,
                       "code": {"type": ["string", "null"], "pattern": "^C2T[0-9]{4}$"}, "effort": _EFFORT,
                       "line": _COUNT, "col": _COUNT, "function": _NULLABLE_STR,
                       "scope": {"enum": ["device", "host"]}})
_ERROR_FIGURE = {"oneOf": [{"type": "null"}, {"type": "number", "minimum": 0}, {"const": "inf"}]}
_PARITY = {"oneOf": [{"type": "null"}, _object({  # `coverage --parity`: original vs converted (reports/parity.py)
    "status": {"enum": ["passed", "failed", "not checked"]}, "checks": _COUNT,
    "seconds": {"type": "number", "minimum": 0}, "error": _NULLABLE_STR, "reason": _NULLABLE_STR,
    "max_abs_error": _ERROR_FIGURE, "max_rel_error": _ERROR_FIGURE, "max_ulp": _ERROR_FIGURE,
    "original": {"enum": [None, "cpu", "cupy"]}, "converted": {"enum": [None, "c", "cuda"]}})]}
_KERNEL = _object({"name": {"type": "string"}, "status": _KERNEL_STATUS, "line": _COUNT, "end_line": _COUNT,
                   "lines": _COUNT, "factory": _NULLABLE_STR, "functions": {"type": "array", "items": {"type": "string"}},
                   "diagnostics": {"type": "array", "items": _DIAG},
                   "constructs": {"type": "object", "additionalProperties": _COUNT},
                   "blocking": {"type": "array", "items": {"type": "string"}},
                   "refused_by": {"enum": [None, "parse_errors", "constructs", "other"]}, "parity": _PARITY},
                  {"raised": {"type": "array", "items": {"type": "string"}}})
_FILE = _object({"path": {"type": "string"}, "display": {"type": "string"},
                 "status": {"enum": ["converted", "partial", "unsupported", "no kernels"]},
                 "cached": {"type": "boolean"},
                 "seconds": {"type": "number", "minimum": 0}, "diagnostics": {"type": "array", "items": _DIAG},
                 "kernels": {"type": "array", "items": _KERNEL},
                 "occurrences": {"type": "array", "items": _OCCURRENCE},
                 "directory": {"type": "string"}, "inventory": _INVENTORY, "parse_errors": _COUNT,
                 "missing_headers": {"type": "array", "items": {"type": "string"}}, "owners": _OWNERS})
_BY_STATUS = {s: _COUNT for s in _STATUS["enum"]}
_TOP = {"type": "array", "items": _object({
    "construct": {"type": "string"}, "category": {"type": "string"}, "status": _STATUS,
    "code": {"type": ["string", "null"]}, "effort": _EFFORT, "occurrences": _COUNT, "kernels_blocked": _COUNT,
    "first": {"type": "string"}})}
_TODO = {"type": "array", "items": _object({
    "kind": {"enum": ["missing header", "parse error"]}, "item": {"type": "string"}, "where": _NULLABLE_STR,
    "files": {"type": "array", "items": {"type": "string"}}, "kernels": {"type": "array", "items": {"type": "string"}},
    "occurrences": _COUNT, "blocked": _COUNT}, {"after_missing_header": {"type": "boolean"}})}
_DIRECTORIES = {"type": "array", "items": _object({
    "directory": {"type": "string"}, "files": _COUNT, "files_without_kernels": _COUNT, "defined": _COUNT,
    "found": _COUNT, "not_compiled": _COUNT, "missed": _COUNT, "kernels": _COUNT, "converted": _COUNT,
    "partial": _COUNT, "refused": _COUNT, "wrapped": _COUNT, "parse_errors": _COUNT, "missing_headers": _COUNT,
    "remaining": _COUNT, "owners": _OWNERS,
    "blockers": {"type": "array", "items": _object({"kind": {"enum": ["construct", "parse error", "code"]},
                                                     "name": {"type": "string"}, "kernels": _COUNT})}})}
_SUMMARY = _object({
    "files": _COUNT,
    "kernels": _object({"total": _COUNT, "converted": _COUNT, "partial": _COUNT, "unsupported": _COUNT,
                        "converted_pct": _PCT}),
    "constructs": _object({"total": _COUNT, **_BY_STATUS, "supported_pct": _PCT, "distinct": _COUNT,
                           "distinct_supported": _COUNT, "distinct_blocking": _COUNT, "kernels_blocked": _COUNT}),
    "host_constructs": _object({"total": _COUNT, **_BY_STATUS}),
    "lines": _object({"kernel_lines": _COUNT, "converted_lines": _COUNT, "converted_pct": _PCT}),
    "inventory": _object({"defined": _COUNT, "found": _COUNT, "not_compiled": _COUNT, "missed": _COUNT,
                          "kernels": _COUNT, "converted": _COUNT, "partial": _COUNT, "refused": _COUNT,
                          "wrapped": _COUNT, "files": _COUNT, "files_without_kernels": _COUNT,
                          "files_not_parsed": _COUNT}),
    "parse_health": _object({"parse_errors": _COUNT, "files_with_parse_errors": _COUNT, "missing_headers": _COUNT,
                             "files_with_missing_headers": _COUNT, "kernels_blocked_by_parse_errors": _COUNT}),
    "refused_by": _object({"parse_errors": _COUNT, "constructs": _COUNT, "other": _COUNT}),
    "remaining": _object({"kernels": _COUNT, "refused": _COUNT, "missed": _COUNT}),
    "parity": _object({"ran": {"type": "boolean"}, "passed": _COUNT, "failed": _COUNT, "not_checked": _COUNT}),
}, {"raised": _object({"kernels": _COUNT, "idioms": {"type": "object", "additionalProperties": _COUNT}})})

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "cuda2tile.reports/2",
    "title": "cuda2tile coverage report",
    **_object({
        "schema": {"const": "cuda2tile.reports/2"},
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
        "todo": _TODO,
        "directories": _DIRECTORIES,
        "codeowners": {"oneOf": [{"type": "null"}, _object({"path": {"type": "string"}, "rules": _COUNT,
                                                            "errors": {"type": "array", "items": {"type": "string"}}})]},
    }, {
        "missing_headers": {"type": "array", "items": _object({
            "header": {"type": "string"}, "files": _COUNT,
            "blocked_kernels": {"type": "array", "items": {"type": "string"}}})},
    }),
}
