from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(name="toyext", packages=["toyext"],
      ext_modules=[CUDAExtension("toyext._C", ["toyext/csrc/toy.cu", "toyext/csrc/toy.cpp"])],
      cmdclass={"build_ext": BuildExtension})
