# lit configuration for the translation tests: each `.cu` here carries RUN lines and the expected
# TileLang as CHECK lines next to the CUDA it comes from (xDSL/LLVM style, pure-Python lit + filecheck).
import os
import sys

import lit.formats

config.name = "cuda2tile-translation"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
root = os.path.dirname(os.path.dirname(config.test_source_root))
bindir = os.path.dirname(sys.executable)
config.substitutions.append(("%cuda2tile", f"{sys.executable} -m cuda2tile"))
config.substitutions.append(("%filecheck", os.path.join(bindir, "filecheck")))
config.environment["PYTHONPATH"] = root
