"""`cuda2tile spec init FILE --kernel K [-o SPEC.toml]`: draft a launch spec from the kernel's signature
and its host launch (cuda2tile/spec/draft.py, docs/launch-spec.md), leaving the sizes, shapes and
whatever else the source does not say as TODOs.

Exit status: 0 when the draft was printed or written; 1 when FILE cannot be read or parsed (C2T1001,
C2T1101), `--kernel` matches no kernel (C2T1008, with the closest names), or `-o` names an existing file
without `--force` or cannot be written (C2T1005); 2 on bad usage.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from cuda2tile.cli.common import FAILED, OK, USAGE, add_frontend_arguments, error, frontend_options, unknown_kernels

COMMAND = "spec init"


def add_parser(subparsers) -> None:
    spec = subparsers.add_parser("spec", help="work with launch specs: `spec init` drafts one for a kernel",
                                 description="Launch specs (docs/launch-spec.md): how to run a kernel.")
    sub = spec.add_subparsers(dest="spec_command", required=True, metavar="{init}",
                              help="init: draft a launch spec for a kernel from its signature and launch")
    init = sub.add_parser(
        "init", help="draft a launch spec from a kernel's signature and its host launch",
        description="Draft a launch spec for KERNEL: block and grid formulas from its launch in FILE (the "
                    "launch's variables become named sizes), a buffer per pointer parameter (non-const ones "
                    "outputs), scalar values from the launch's arguments. What the source does not say (size "
                    "values, shapes, ...) is left as TODO; the draft is not valid TOML until each is replaced.")
    init.add_argument("file", metavar="FILE", help="the .cu file (or header) that defines the kernel")
    init.add_argument("--kernel", required=True, metavar="NAME",
                      help="the kernel: a name (every instantiation of a template gets an entry) or one "
                           "instantiation, e.g. 'scale<float, 4>'")
    init.add_argument("-o", "--output", metavar="SPEC.toml", help="write the draft here (default: stdout)")
    init.add_argument("--force", action="store_true", help="overwrite an existing -o file")
    add_frontend_arguments(init, instantiate=True)
    init.add_argument("--debug", action="store_true", help="print internal tracebacks of C2T9001 errors")
    for parser in (spec, init):
        parser.set_defaults(func=run)


def run(args) -> int:
    if getattr(args, "spec_command", None) != "init":
        print("cuda2tile spec: error: expected a subcommand: init", file=sys.stderr)
        return USAGE
    return _init(args)


def _init(args) -> int:
    from cuda2tile.diagnostics import Severity, render
    from cuda2tile.files import write_atomically
    from cuda2tile.session import ConvertOptions, Session
    from cuda2tile.spec.draft import draft_spec, matching_kernels

    output = None if args.output in (None, "-") else Path(args.output)
    if output is not None:
        if os.path.exists(args.file) and output.exists() and os.path.samefile(args.file, output):
            error(COMMAND, "C2T1005", f"-o {args.output} is the input file")
            return FAILED
        if output.exists() and not args.force:
            error(COMMAND, "C2T1005", f"{args.output} exists; pass --force to overwrite it")
            return FAILED
    if not os.path.isfile(args.file):
        error(COMMAND, "C2T1001", f"cannot read {args.file}: " + ("a directory, not a file"
                                                                  if os.path.isdir(args.file) else "no such file"))
        return FAILED
    session = Session(ConvertOptions(frontend=frontend_options(args)), cache=False)
    parsed = session.parse(args.file, args.file)
    for diag in parsed.diagnostics:  # a missing header or a parse error: parameter types may be wrong
        if diag.effective_severity in (Severity.ERROR, Severity.WARNING):
            print(render(diag, parsed.source_lines), file=sys.stderr)
    if parsed.unit is None:
        return FAILED
    kernels = matching_kernels(parsed.unit, args.kernel)
    if not kernels:
        seen = {f.name for f in parsed.unit.functions if f.is_kernel and f.body is not None}
        if unknown_kernels(COMMAND, [args.kernel], seen, [args.file]):
            return FAILED
        templates = [f for f in parsed.unit.functions if f.is_kernel and f.is_template
                     and args.kernel.split("<")[0] in (f.name, f.qualified_name)]
        if templates:
            kinds = ", ".join(templates[0].template_parameters) or "its parameters"
            error(COMMAND, "C2T1008", f"--kernel {args.kernel}: nothing in {args.file} instantiates this template "
                                      f"({kinds}); name an instantiation with --instantiate "
                                      f"'{templates[0].name}<...>'")
        else:
            error(COMMAND, "C2T1008", f"--kernel {args.kernel}: {args.file} defines it, but the parse holds no "
                                      f"definition of it (a preprocessor branch not taken, or a parse error above)")
        return FAILED
    draft = draft_spec(parsed.unit, kernels, args.file, parsed.source_lines)
    if output is None:
        sys.stdout.write(draft.text)
    else:
        try:
            write_atomically(output, draft.text)
        except OSError as err:
            error(COMMAND, "C2T1005", f"cannot write {args.output}: {err}")
            return FAILED
    left = len(draft.todos)
    where = f"wrote {args.output}" if output is not None else "drafted"
    print(f"cuda2tile spec init: {where}: {len(draft.kernels)} entr{'ies' if len(draft.kernels) != 1 else 'y'} "
          f"({', '.join(draft.kernels)}), {left} TODO{'s' if left != 1 else ''} left to fill", file=sys.stderr)
    return OK
