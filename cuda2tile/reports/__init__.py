"""The reports of `cuda2tile coverage` and `history`: which CUDA constructs and kernels a tree uses, and
how much cuda2tile converts (counted against `op_coverage/`, the construct database).

    scan.py, lexical.py   constructs from our AST (and the few only the source text shows)
    collect.py            files and trees, through the session (its pool and its one cache)
    summary.py            totals (no effort estimate: nothing calibrated one)
    inventory.py          kernel inventory, parse health, to-do list, remaining work per directory
    codeowners.py         owners of files from a GitHub CODEOWNERS file
    report_*.py           one module per output format, all rendered from the JSON document
    history*.py           the SQLite history of runs and its trend/change report
    (cuda2tile/cli/coverage.py and history.py are `cuda2tile coverage` and `cuda2tile history`)
"""
