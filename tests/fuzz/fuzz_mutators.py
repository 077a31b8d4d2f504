"""Seeded mutations of the bundled corpus: the inputs of the fuzz runner (tests/fuzz/fuzz_runner.py).

Every input is a pure function of `(seed, index)`: `make_input(seeds, seed, index)` seeds its own
`random.Random` with the string `"seed:index"` (Python hashes str seeds with SHA-512, independent of
PYTHONHASHSEED), picks a corpus file and applies one to four mutations, so one failing input is
reproduced with `python -m tests.fuzz.fuzz_runner --seed S --index I`.

Mutations work on a rough C tokenisation (identifiers, numbers, literals, comments, punctuators,
whitespace kept as tokens of its own so untouched text stays byte-for-byte): token deletion,
duplication and swap, byte flips, splices between two corpus files, CUDA keywords and builtins
inserted at token boundaries, deep nesting, unbalanced braces, type and literal replacement.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "corpus"

# one alternative per C token class; `\s+` keeps whitespace (newlines included) as its own tokens
_TOKEN = re.compile(r"""
    \s+ | //[^\n]* | /\*.*?\*/
  | "(?:\\.|[^"\\\n])*" | '(?:\\.|[^'\\\n])*'
  | [A-Za-z_]\w* | (?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)[uUlLfF]*
  | <<= | >>= | <<< | >>> | -> | \+\+ | -- | << | >> | <= | >= | == | != | && | \|\| | :: | [-+*/%&|^!=<>]=
  | . """, re.VERBOSE | re.DOTALL)

SNIPPETS = (
    "__syncthreads();", "__syncwarp();", "__threadfence();", "return;", "break;", "continue;",
    "goto L;", "L:;", "asm(\"trap;\");", "threadIdx.x", "blockIdx.y", "blockDim.z", "gridDim.x",
    "__shared__ float s_[32];", "extern __shared__ float dyn_[];", "atomicAdd(&", "atomicCAS(",
    "__shfl_down_sync(0xffffffff, ", "__shfl_sync(0x1, v, 0)", "__ballot_sync(0xffffffff, 1)",
    "__device__", "__global__", "__host__", "__forceinline__", "template <typename T>", "<float>",
    "static_cast<int>(", "reinterpret_cast<float4*>(", "(float)", "(double)", "(__half)", "sizeof(int)",
    "float4 v4 = make_float4(0,0,0,0);", "int* p = 0;", "*p", "&x", "[0]", "[threadIdx.x]",
    "for (;;)", "while (1)", "do {} while (0);", "switch (0) { case 0: break; }", "if (threadIdx.x)",
    "else", "{", "}", "(", ")", ";", ",", "?", ":", "...", "#define X 1\n", "\n#if 0\n", "\n#endif\n",
    "#include <missing_header.h>\n", "__launch_bounds__(256)", "volatile", "const", "__restrict__",
    "unsigned long long", "__half2", "cooperative_groups::this_thread_block()", "printf(\"%d\", 1);",
    "kernel<<<1, 1>>>();", "__popc(", "__ldg(", "1e309f", "0x7fffffff", "-2147483648", "1.0/0.0",
)
TYPES = ("float", "double", "int", "unsigned", "long long", "bool", "__half", "float2", "float4", "char",
         "void", "short", "size_t", "int64_t", "auto", "const float", "float*", "float&")
NUMBERS = ("0", "1", "-1", "2147483647", "2147483648", "4294967296", "0x7fffffff", "1e30", "1e309",
           "0.0f", "-0.0", "1.5e-45f", "3", "64", "1024", "65536", "077")


def tokenize(text: str) -> list[str]:
    """Split text into tokens whose concatenation is `text` (the regex's last alternative eats any char)."""
    return _TOKEN.findall(text)


def load_seeds(root: Path = CORPUS) -> list[tuple[str, str]]:
    """(name, text) of every corpus `.cu` file, then of its one-kernel slices, in a fixed order.

    A slice keeps one kernel of a multi-kernel file and every other top-level declaration (includes,
    `__device__` functions, host code less the launches of the dropped kernels): mutating it costs a
    fraction of the whole file's conversion, so the CI budget reaches more inputs in its time."""
    seeds = []
    for p in sorted(root.rglob("*.cu")):
        name, text = p.relative_to(root).as_posix(), p.read_text(encoding="utf-8")
        seeds.append((name, text))
        seeds += [(f"{name}#{kernel}", sliced) for kernel, sliced in kernel_slices(text)]
    return seeds


def _top_level_chunks(tokens: list[str]) -> list[list[str]]:
    """Tokens split after each top-level `}` or `;`, and after each preprocessor line at the top level."""
    chunks, cur, depth = [], [], 0
    for tok in tokens:
        cur.append(tok)
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth = max(depth - 1, 0)
        head = "".join(cur).lstrip()
        if depth == 0 and (tok in ("}", ";") and not head.startswith("#")
                           or head.startswith("#") and tok.isspace() and "\n" in tok):
            chunks.append(cur)
            cur = []
    return chunks + [cur] if cur else chunks


def _kernel_name(chunk: list[str]) -> str | None:
    """The name of the `__global__` function a chunk declares: the identifier before its first `(`."""
    if "__global__" not in chunk:
        return None
    words = [t for t in chunk[:chunk.index("(")] if t[0].isalpha() or t[0] == "_"] if "(" in chunk else []
    return words[-1] if words else None


def _drop_launches(chunk: list[str], dropped: set[str]) -> list[str]:
    """Delete each statement of a host chunk that launches (`k<<<...>>>(...)`) one of the dropped kernels."""
    out = list(chunk)
    while True:
        hits = [i for i, t in enumerate(out) if t == "<<<"]
        for i in hits:
            lo = max((j for j in range(i) if out[j] in (";", "{", "}")), default=-1) + 1
            hi = next((j for j in range(i, len(out)) if out[j] == ";"), len(out) - 1) + 1
            if dropped & set(out[lo:i]):
                del out[lo:hi]
                break
        else:
            return out


def kernel_slices(text: str) -> list[tuple[str, str]]:
    """(kernel, text keeping only that kernel) for each kernel of a file with two or more."""
    chunks = _top_level_chunks(tokenize(text))
    names = [_kernel_name(c) for c in chunks]
    kernels = [n for n in dict.fromkeys(names) if n]
    if len(kernels) < 2:
        return []
    out = []
    for keep in kernels:
        dropped = set(kernels) - {keep}
        body = [c if n == keep else _drop_launches(c, dropped) for c, n in zip(chunks, names) if n in (None, keep)]
        out.append((keep, "".join(t for c in body for t in c)))
    return out


@dataclass(frozen=True)
class FuzzInput:
    seed: int
    index: int
    origin: str  # the corpus file it started from
    steps: tuple[str, ...]  # the mutations applied, in order (names, for the report)
    data: bytes


def _spans(tokens: list[str]) -> list[int]:
    """Indices of the tokens that are not whitespace."""
    return [i for i, t in enumerate(tokens) if not t.isspace()]


def _delete(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    idx = _spans(tokens)
    i = rng.choice(idx)
    n = rng.choice((1, 1, 1, 2, 3, 8))
    return tokens[:i] + tokens[i + n:]


def _duplicate(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    idx = _spans(tokens)
    i = rng.choice(idx)
    n = rng.choice((1, 1, 2, 4, 16))
    return tokens[:i + n] + tokens[i:i + n] + tokens[i + n:]


def _swap(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    idx = _spans(tokens)
    i, j = rng.choice(idx), rng.choice(idx)
    out = list(tokens)
    out[i], out[j] = out[j], out[i]
    return out


def _insert_snippet(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    i = rng.randrange(len(tokens) + 1)
    return tokens[:i] + [" ", rng.choice(SNIPPETS), " "] + tokens[i:]


def _replace_type(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    idx = [i for i in _spans(tokens) if tokens[i] in TYPES]
    if not idx:
        return _insert_snippet(rng, tokens, _)
    out = list(tokens)
    out[rng.choice(idx)] = rng.choice(TYPES)
    return out


def _replace_number(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    idx = [i for i in _spans(tokens) if tokens[i][0].isdigit()]
    if not idx:
        return _insert_snippet(rng, tokens, _)
    out = list(tokens)
    out[rng.choice(idx)] = rng.choice(NUMBERS)
    return out


def _replace_identifier(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    """One identifier becomes another of the same file (a parameter read as a loop counter, ...)."""
    idx = [i for i in _spans(tokens) if tokens[i][0].isalpha() or tokens[i][0] == "_"]
    if not idx:
        return _insert_snippet(rng, tokens, _)
    out = list(tokens)
    out[rng.choice(idx)] = tokens[rng.choice(idx)]
    return out


def _nest(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    """Wrap the text after a `;` or `{` in N ifs or loops (closed at the next `;`), or parenthesise a token N deep."""
    depth = rng.choice((2, 8, 40, 130, 300))
    idx = _spans(tokens)
    if rng.random() < 0.5:
        i = rng.choice(idx)
        return tokens[:i] + ["(" * depth, tokens[i], ")" * depth] + tokens[i + 1:]
    stmt_starts = [i + 1 for i in idx if tokens[i] in (";", "{")]
    if not stmt_starts:
        return _delete(rng, tokens, _)
    i = rng.choice(stmt_starts)
    ends = [j for j in idx if j >= i and tokens[j] == ";"]
    j = ends[0] + 1 if ends else len(tokens)
    head = rng.choice(("if (threadIdx.x < 7) {", "for (int q = 0; q < 2; ++q) {", "{", "while (0) {"))
    return tokens[:i] + [head * depth] + tokens[i:j] + ["}" * depth] + tokens[j:]


def _unbalance(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    idx = [i for i in _spans(tokens) if tokens[i] in "{}()[]"]
    out = list(tokens)
    if idx and rng.random() < 0.5:
        del out[rng.choice(idx)]
    else:
        out.insert(rng.randrange(len(out) + 1), rng.choice("{}()[]<>"))
    return out


def _splice(rng: random.Random, tokens: list[str], seeds: list) -> list[str]:
    """A prefix of this file, then the suffix of another corpus file (cut at token boundaries)."""
    other = tokenize(rng.choice(seeds)[1])
    return tokens[:rng.randrange(len(tokens) + 1)] + other[rng.randrange(len(other) + 1):]


def _truncate(rng: random.Random, tokens: list[str], _: list) -> list[str]:
    return tokens[:rng.randrange(len(tokens) + 1)]


TOKEN_MUTATIONS = {f.__name__.lstrip("_"): f for f in (
    _delete, _duplicate, _swap, _insert_snippet, _replace_type, _replace_number,
    _replace_identifier, _nest, _unbalance, _splice, _truncate)}
# weights: token edits most often, the whole-file ones (splice, truncate, nest) less
_WEIGHTS = {"delete": 4, "duplicate": 3, "swap": 3, "insert_snippet": 5, "replace_type": 2, "replace_number": 2,
            "replace_identifier": 3, "nest": 1, "unbalance": 2, "splice": 2, "truncate": 1}
_NAMES = list(_WEIGHTS)


def _flip_bytes(rng: random.Random, data: bytes) -> bytes:
    """XOR 1-4 random bytes with a random bit mask (may leave invalid UTF-8, a NUL, a stray newline...)."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if out:
            out[rng.randrange(len(out))] ^= rng.choice((1, 2, 4, 8, 16, 32, 64, 128, 0xFF))
    return bytes(out)


def make_input(seeds: list[tuple[str, str]], seed: int, index: int) -> FuzzInput:
    """The `index`-th input of run `seed`: a corpus file with 1-4 mutations, the last maybe a byte flip."""
    rng = random.Random(f"{seed}:{index}")
    origin, text = rng.choice(seeds)
    tokens = tokenize(text)
    steps: list[str] = []
    for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
        name = rng.choices(_NAMES, weights=[_WEIGHTS[n] for n in _NAMES])[0]
        if _spans(tokens):
            tokens = TOKEN_MUTATIONS[name](rng, tokens, seeds)
            steps.append(name)
    data = "".join(tokens).encode("utf-8")
    if rng.random() < 0.15 or not steps:
        data = _flip_bytes(rng, data)
        steps.append("flip_bytes")
    return FuzzInput(seed, index, origin, tuple(steps), data)
