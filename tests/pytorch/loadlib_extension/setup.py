# One compiled library per csrc/*.cpp and build kind, named in a loop (pytorch_scatter's layout): the package
# finds them with importlib and loads them with torch.ops.load_library.
import glob
import os.path as osp
from itertools import product

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension


def get_extensions():
    extensions = []
    for main, suffix in product(sorted(glob.glob(osp.join("csrc", "*.cpp"))), ["cpu", "cuda"]):
        name = osp.basename(main)[:-4]
        sources = [main] + glob.glob(osp.join("csrc", "cpu", f"{name}_cpu.cpp"))
        define_macros = []
        if suffix == "cuda":
            define_macros.append(("WITH_CUDA", None))
            sources += glob.glob(osp.join("csrc", "cuda", f"{name}_cuda.cu"))
        Extension = CppExtension if suffix == "cpu" else CUDAExtension
        extensions.append(Extension(f"toyload._{name}_{suffix}", sources, define_macros=define_macros))
    return extensions


setup(name="toyload", packages=["toyload"], ext_modules=get_extensions(),
      cmdclass={"build_ext": BuildExtension.with_options(no_python_abi_suffix=True)})
