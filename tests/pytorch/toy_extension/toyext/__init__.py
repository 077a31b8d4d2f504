import torch
from . import _C  # noqa: F401


def scale(x, s):
    return torch.ops.toyext.scale.default(x, s)
