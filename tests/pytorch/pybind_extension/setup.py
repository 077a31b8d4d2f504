from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(name="pyext", ext_modules=[CUDAExtension("pyext", ["pyext.cu"])], cmdclass={"build_ext": BuildExtension})
