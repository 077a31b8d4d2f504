"""Mutation check of issue 15's front-end fixes (and issue 17's whole-tree reading): revert one guard at a time, run the test that must catch it.

Run from the repository root: `.venv/bin/python tests/regressions/check_reverts.py`. Each line of CHECKS
names a guard, the exact text that implements it and a replacement that undoes it; the file is
restored after each run (and compared with its backup). Every line must print CAUGHT. The fixes made
in the lift (loops, privatisation, masks, effects) were checked the same way by hand: see the
regression cases' comments and docs/diagnostics.md. Not part of the suite: it edits source files.
A line whose test is `C:EXPR` runs tests/test_corpus_numeric.py -k EXPR (a corpus kernel against its numpy
reference), `L:EXPR` the lit tests tests/test_translation.py -k EXPR."""
import filecmp
import shutil
import subprocess
import sys
import tempfile
CHECKS = [
  ("error limit off", "cuda2tile/parse/frontend.py", '"-ferror-limit=0",', '', "forty_host_errors"),
  ("several operands refused", "cuda2tile/parse/build_ast.py", "            if len(kids) > 1:\n", "            if False:\n", "gnu_elvis"),
  ("recovery type refused", "cuda2tile/parse/build_ast.py", "        if isinstance(t, A.Opaque) and is_recovery_type(c.type):", "        if False:", "member_of_float"),
  ("lost initialiser refused", "cuda2tile/parse/build_ast.py", "        if init is None and _writes_initializer(c, statement or c):\n", "        if False:\n", "undeclared_operand"),
  ("static local refused", "cuda2tile/parse/build_ast.py", "        if c.storage_class == ci.StorageClass.STATIC and not shared:\n", "        if False:\n", "@audit_front_end"),
  ("direct init", "cuda2tile/parse/build_ast.py", "        init = self._initializer(c)\n", "        init = self._initializer(c) if '=' in [t.spelling for t in c.get_tokens()] else None\n", "@audit_front_end"),
  ("overload names", "cuda2tile/parse/build_ast.py", "        taken = set(self.device_names.values())\n", "        taken = set()\n", "@audit_front_end"),
  ("user operators lifted", "cuda2tile/parse/build_ast.py", "if name.startswith(\"operator\") and ref is not None and (not user_function or implicit_copy):", "if name.startswith(\"operator\") and ref is not None:", "@audit_front_end"),
  ("static methods lifted", "cuda2tile/parse/build_ast.py", "            free = ref.kind == K.FUNCTION_DECL or (ref.kind == K.CXX_METHOD and ref.is_static_method())\n", "            free = ref.kind == K.FUNCTION_DECL\n", "@audit_front_end"),
  ("reference casts refused", "cuda2tile/parse/build_ast.py", "            if _casts_to_reference(c) and operand", "            if False and operand", "@audit_front_end"),
  ("if init refused", "cuda2tile/parse/build_ast.py", "                    or _header_has_semicolon(c):", "                    or False:", "@audit_front_end"),
  ("variadic calls refused", "cuda2tile/lift/lift_function.py", "    if len(call.args) != len(fn.params):\n", "    if False:\n", "@audit_user_types"),
  ("library records only", "cuda2tile/parse/build_ast.py", "        if not _library_declaration(t.get_declaration()):\n", "        if False:\n", "@audit_user_types"),
  # the lift's fixes (each reverted by one line; the regression case's parity or refusal must fail)
  ("per-thread storage for phase-assigned variables", "cuda2tile/passes/privatize.py", "    uniform = uniform_variables(kernel.body, params) - _assigned_in_phases(kernel.body)", "    uniform = uniform_variables(kernel.body, params)", "@loopvar_barrier"),
  ("masks folded", "cuda2tile/lift/lift_expr.py", "        value = constant_int(self.value(mask), self.immutable_local_value) if mask is not None else None", "        value = self.value(mask).value if mask is not None and hasattr(self.value(mask), 'value') else None", "@mask_folding"),
  ("unsigned counters signed", "cuda2tile/lift/lift_function.py", "            counter = _signed_counter(start, stop, stride.value, cond.op)\n", "            counter = start.dtype\n", "@unsigned_loops"),
  ("serial bound invariant", "cuda2tile/lift/lift_function.py", "        if not self.loop_invariant(cond.rhs, s.body):\n", "        if False:\n", "@audit_loops"),
  ("cursor step invariant", "cuda2tile/lift/lift_function.py", "        if step.value is not None and not self.loop_invariant(step.value, s.body):\n", "        if False:\n", "@audit_loops"),
  ("discarded effects kept", "cuda2tile/lift/lift_function.py", "        if isinstance(e, A.BinOp) and e.op in (\"&&\", \"||\") and self.has_effects(e):\n", "        if False:\n", "@audit_effects"),
  ("negated constants wrapped", "cuda2tile/lift/lift_expr.py", "return I.Const(value if isinstance(value, float) else _wrap(value, dtype), dtype)", "return I.Const(value, dtype)", "@negated_unsigned_constant"),
  ("wrapping unsigned arithmetic masked", "cuda2tile/emit/printer.py", '            if e.op in ("add", "mul", "shl") and e.dtype in _WRAPPING and not self.fits(e)', '            if False and e.op in ("add", "mul", "shl") and e.dtype in _WRAPPING and not self.fits(e)', "@unsigned_wrap_bounds"),
  ("unsigned negation masked", "cuda2tile/emit/printer.py", '            if e.op == "neg" and e.dtype in _WRAPPING and not (', '            if False and e.op == "neg" and e.dtype in _WRAPPING and not (', "@unsigned_wrap_bounds"),
  ("unsigned subtraction wraps", "cuda2tile/emit/printer.py", "            if subtrahend and not isinstance(e.lhs, I.Const)", "            if False and not isinstance(e.lhs, I.Const)", "@unsigned_subtraction_at_zero"),
  ("thread-dependent loops counted with a cursor", "cuda2tile/lift/lift_kernel.py", "flatten_else_if_chains,\n          thread_dependent_loops, materialize_repeated_values)", "flatten_else_if_chains,\n          materialize_repeated_values)", "@thread_dependent_loops"),
  ("copied reads pinned", "cuda2tile/lift/lift_kernel.py", "LAST_PASSES = (block_float_folds, pin_copied_reads)\n", "LAST_PASSES = (block_float_folds,)\n", "@stale_copies"),
  ("references passed on stay references", "cuda2tile/lift/references_as_values.py", "    written = written_or_addressed(fn.body) | passed_to_written_references(fn.body, functions or {}, {fn.name: set()})", "    written = written_or_addressed(fn.body)", "@references_passed_on"),
  ("unsigned casts of values", "cuda2tile/emit/printer.py", "                    and not self.non_negative(operand)\n", "                    and False\n", "@unsigned_casts_of_values"),
  ("unsigned subtraction at zero", "cuda2tile/emit/printer.py", "            if e.op == \"sub\" and e.dtype in _WRAPPING and not isinstance(e.rhs, I.Const) \\\n", "            if False and not isinstance(e.rhs, I.Const) \\\n", "@unsigned_sub_folds"),
  ("float folds blocked", "cuda2tile/lift/lift_kernel.py", "LAST_PASSES = (block_float_folds, pin_copied_reads)\n", "LAST_PASSES = (pin_copied_reads,)\n", "@float_folds"),
  ("default constructors run", "cuda2tile/parse/build_ast.py", "            if _initialising_constructor(init.referenced):\n", "            if False:\n", "@constructed_objects"),
  ("macro calls in loop headers tested each trip", "cuda2tile/lift/lift_function.py", "        if not ir_contains(cond, I.MacroCall):\n", "        if True:\n", "@constructed_objects"),
  ("macro names given before bodies", "cuda2tile/lift/lift_function.py", "        ctx.macro_names[fn.name] = name\n", "        pass\n", "@constructed_objects"),
  ("constructor fields from the type", "cuda2tile/parse/build_ast.py", "        for field in record.type.get_fields():", "        for field in (f for f in record.get_children() if f.kind == K.FIELD_DECL):", "C:range_loops"),
  ("specializations with fields hold state", "cuda2tile/parse/build_ast.py", "    if decl.type.get_size() > 1 or any(True for _ in decl.type.get_fields()):", "    if False:", "C:range_loops"),
  ("reference range-for is the element", "cuda2tile/parse/build_ast.py", "        if var.type.get_canonical().kind == TK.LVALUEREFERENCE:", "        if False:", "C:range_loops"),
  ("arrays of constructed objects", "cuda2tile/parse/build_ast.py", "        if isinstance(t, A.Array) and isinstance(init, A.Call) and init.device_function and not shared:\n", "        if False:\n", "@constructed_objects"),
  ("element references copied in and out", "cuda2tile/lift/lift_function.py", "                child.bindings[p.decl] = self.copied_reference(arg, p, others, stmts, write_back, line) or \\\n", "                child.bindings[p.decl] = None or \\\n", "C:point_methods"),
  ("element references not copied beside their array", "cuda2tile/lift/lift_function.py", "            if any(n.decl == root.decl for n in mentioned) or writable and (", "            if False and (", "L:element_references"),
  ("else branches of float comparisons", "cuda2tile/passes/block_float_folds.py", "        if not in_cond:\n            return False\n", "        if True:\n            return False\n", "@nan_else_branches"),
  ("stride-loop trips guarded", "cuda2tile/passes/grid_stride_barriers.py", '        guard = I.Binary(_UPWARD[cond.op], index, bound, "bool")\n', '        guard = I.Const(True, "bool")\n', "C:pair_swap"),
  ("counted stride-loop trips guarded", "cuda2tile/passes/grid_stride_barriers.py", '        guard = I.Binary("lt", index, loop.stop, "bool")\n', '        guard = I.Const(True, "bool")\n', "C:pair_swap_block"),
  ("trip's index from the base before it advances", "cuda2tile/passes/grid_stride_barriers.py", "        body = (I.Let(start, cursor_side, let.line), advance,\n", "        body = (advance, I.Let(start, cursor_side, let.line),\n", "C:stride_barriers"),
  ("stride-loop steps positive", "cuda2tile/passes/grid_stride_barriers.py", " and all(_positive(t) for t in rest) and", " and", "L:grid_stride_barriers"),
  ("stride-loop offsets never negative", "cuda2tile/passes/grid_stride_barriers.py", "    return _built_from(e, (I.ThreadIdx, I.BlockDim), 0)\n", "    return True\n", "L:grid_stride_barriers"),
  ("extern pools retyped to their one view", "cuda2tile/lift/lift_function.py", "        if size is None and (view := self.pool_view_dtype(s, dtype)) != dtype:\n", "        if False:\n", "C:pool_as_scalar"),
  ("pointers declared where first assigned", "cuda2tile/lift/lift_function.py", "            return tuple(x for st in _pointers_declared_where_assigned(s.body) for x in self.stmt(st))\n", "            return tuple(x for st in s.body for x in self.stmt(st))\n", "C:side_argmax"),
  ("errors attributed", "cuda2tile/driver.py", "        errors = clang_errors_reached(fn, functions)\n", "        errors = []\n", "typedef_of_an_unknown or called_device_function"),
  ("invalid typedef refused", "cuda2tile/parse/build_ast.py", "            if body is not None and self.invalid_types:\n", "            if False:\n", "invalid_typedef"),
  ("template arg kind as int", "cuda2tile/parse/build_ast.py", "        kind = template_argument_kind(cursor, i)\n", "        kind = cursor.get_template_argument_kind(i).value\n", "template_template"),
  ("per-function containment", "cuda2tile/parse/build_ast.py", "    try:\n        return builder.function(c, is_kernel)\n    except Exception as err:", "    try:\n        return builder.function(c, is_kernel)\n    except KeyboardInterrupt as err:", "internal_error_while_reading"),
  ("header location", "cuda2tile/parse/frontend.py", "        if loc_file == real:\n", "        if True:\n", "headers_line"),
  ("bool spelled", "cuda2tile/parse/build_ast.py", '        return "true" if value else "false"', '        return str(value)', "spells_their"),
  ("enum spelled", "cuda2tile/parse/build_ast.py", "    if t.kind == TK.ENUM:\n        enum = t.get_declaration()", "    if False:\n        enum = t.get_declaration()", "spells_their or unscoped"),
  # issue 17: whole trees (T: runs tests/test_real_trees.py -k EXPR)
  ("register accepted", "cuda2tile/parse/frontend.py", '"-Wno-register",', '', "@register_storage"),
  ("macro loops lifted", "cuda2tile/parse/build_ast.py", "            return self._macro_for(c, loc)\n", "            return A.UnsupportedStmt('for loop written through a macro', loc)\n", "@macro_loops"),
  ("same-file macro head", "cuda2tile/parse/build_ast.py", "    if not tokens or tokens[0].extent.start.offset != c.extent.start.offset", "    if not tokens or False and tokens[0].extent.start.offset != c.extent.start.offset", "@macro_loops"),
  ("header kernels converted with their includers", "cuda2tile/session.py", "and real in closures[j][1]][:MAX_HOSTS]", "and False][:MAX_HOSTS]", "T:included_twice"),
  ("header kernels not converted again", "cuda2tile/session.py", "            plans.append(_FilePlan(options, TreeContext(tuple(files[j] for j in hosts), headers)))", "            plans.append(_FilePlan(options, TreeContext(tuple(files[j] for j in hosts), frozenset())))", "T:included_twice"),
  ("includes found in the project", "cuda2tile/parse/tree_scan.py", "                    if folder not in found_dirs:\n", "                    if False:\n", "T:sibling_include"),
  ("project root from build files", "cuda2tile/parse/tree_scan.py", "            best = current\n", "            pass\n", "T:sibling_include"),
  ("nearest candidate", "cuda2tile/parse/tree_scan.py", "    return min(options, key=lambda p: (-shared(p), len(p), p))", "    return min(options, key=lambda p: (len(p), p))", "T:nearest"),
  ("discovered dirs searched last", "cuda2tile/parse/frontend.py", '    args += [f"-idirafter{d}" for d in options.discovered_include_dirs]', '    args[1:1] = [f"-I{d}" for d in options.discovered_include_dirs]', "T:compile_commands_win"),
  ("skipped branches told apart", "cuda2tile/driver.py", "        if branch is not None:\n            counts", "        if False:\n            counts", "T:found_or_reported"),
  ("strings are not code", "cuda2tile/parse/tree_scan.py", "_kernel_definitions(_STRING_OR_CHAR.sub('\"\"', code))", "_kernel_definitions(code)", "T:lexical_scan"),
  ("float and double by default", "cuda2tile/parse/frontend.py", "    defaults = _default_instantiations(parsed.unit, requests, defaults_for)", "    defaults = ()", "T:nothing_instantiates"),
  ("header module beside a .cu", "cuda2tile/session.py", "        module_names = _module_names(files)\n", "        module_names = {}\n", "T:same_name"),
  ("warnings of the kernel's own file", "cuda2tile/driver.py", "and d.loc.file == fn.loc.file and fn.loc.line", "and fn.loc.line", "T:partial"),
  ("header lines kept apart", "cuda2tile/lift/lift_function.py", "        return loc.line if not self.source_file or loc.file == self.source_file else 0", "        return loc.line", "T:included_twice"),
]
ok = True
for name, path, old, new, k in CHECKS:
    text = open(path).read()
    assert text.count(old) == 1, (name, text.count(old))
    backup = tempfile.mktemp(prefix="c2t-revert-")
    shutil.copyfile(path, backup)
    try:
        open(path, "w").write(text.replace(old, new))
        if k.startswith("T:"):
            target = ["tests/test_real_trees.py", "-k", k[2:]]
        elif k.startswith("L:"):
            target = ["tests/test_translation.py", "-k", k[2:]]
        elif k.startswith("C:"):
            target = ["tests/test_corpus_numeric.py", "-k", k[2:]]
        elif k.startswith("@"):
            target = ["tests/regressions/test_regressions.py", "-k", f"test_case and {k[1:]} and no-raise"]
        else:
            target = ["tests/regressions/test_clang_errors.py", "-k", k]
        r = subprocess.run([".venv/bin/python", "-m", "pytest", "-q", "-x"] + target, capture_output=True, text=True)
        caught = r.returncode == 1
        print(f"{'CAUGHT' if caught else 'MISSED'}: reverting '{name}' -> {r.stdout.strip().splitlines()[-1]}")
        ok &= caught
    finally:
        shutil.copyfile(backup, path)
        assert filecmp.cmp(backup, path, shallow=False), f"{path} was not restored"
sys.exit(0 if ok else 1)
