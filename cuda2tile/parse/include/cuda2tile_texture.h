/* cuda2tile_texture.h -- texture / surface object API (texture_types.h,
 * surface_types.h, channel_descriptor.h, texture_indirect_functions.h,
 * surface_indirect_functions.h).  The device fetch functions are the
 * template forms taking a cudaTextureObject_t / cudaSurfaceObject_t.
 * Included by cuda2tile_prelude.h. */
#ifndef CUDA2TILE_TEXTURE_H
#define CUDA2TILE_TEXTURE_H

typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
struct cudaArray;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
struct cudaMipmappedArray;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;

enum __device_builtin__ cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};
struct __device_builtin__ cudaChannelFormatDesc {
  int x, y, z, w;
  enum cudaChannelFormatKind f;
};
enum __device_builtin__ cudaResourceType {
  cudaResourceTypeArray = 0,
  cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};
struct __device_builtin__ cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
  } res;
};
struct __device_builtin__ cudaResourceViewDesc;
enum __device_builtin__ cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum __device_builtin__ cudaTextureFilterMode {
  cudaFilterModePoint = 0,
  cudaFilterModeLinear = 1
};
enum __device_builtin__ cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};
enum __device_builtin__ cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
struct __device_builtin__ cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
struct __device_builtin__ cudaExtent { size_t width, height, depth; };
struct __device_builtin__ cudaPos { size_t x, y, z; };
struct __device_builtin__ cudaPitchedPtr {
  void *ptr;
  size_t pitch, xsize, ysize;
};
struct __device_builtin__ cudaMemcpy3DParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02

static __inline__ __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h,
                                                            size_t d) {
  struct cudaExtent e; e.width = w; e.height = h; e.depth = d; return e;
}
static __inline__ __host__ struct cudaPos make_cudaPos(size_t x, size_t y,
                                                      size_t z) {
  struct cudaPos p; p.x = x; p.y = y; p.z = z; return p;
}
static __inline__ __host__ struct cudaPitchedPtr
make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  struct cudaPitchedPtr s; s.ptr = d; s.pitch = p; s.xsize = xsz;
  s.ysize = ysz; return s;
}

extern "C" __host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w,
                      enum cudaChannelFormatKind f);
template <class T>
__host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
extern "C" __host__ cudaError_t cudaMallocArray(
    cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
    size_t height = 0, unsigned int flags = 0);
extern "C" __host__ cudaError_t cudaMalloc3DArray(
    cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
    struct cudaExtent extent, unsigned int flags = 0);
extern "C" __host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                             struct cudaExtent extent);
extern "C" __host__ cudaError_t cudaFreeArray(cudaArray_t array);
extern "C" __host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst,
                                                  size_t wOffset,
                                                  size_t hOffset,
                                                  const void *src, size_t count,
                                                  enum cudaMemcpyKind kind);
extern "C" __host__ cudaError_t cudaMemcpy2DToArray(
    cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
extern "C" __host__ cudaError_t cudaMemcpy2DFromArray(
    void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
extern "C" __host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
extern "C" __host__ cudaError_t cudaCreateTextureObject(
    cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
    const struct cudaTextureDesc *pTexDesc,
    const struct cudaResourceViewDesc *pResViewDesc);
extern "C" __host__ cudaError_t cudaDestroyTextureObject(
    cudaTextureObject_t texObject);
extern "C" __host__ cudaError_t cudaCreateSurfaceObject(
    cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
extern "C" __host__ cudaError_t cudaDestroySurfaceObject(
    cudaSurfaceObject_t surfObject);

/* device-side texture fetches (T = the element type read) */
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t texObject, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t texObject, float x);
template <class T>
__device__ T tex2D(cudaTextureObject_t texObject, float x, float y);
template <class T>
__device__ T tex3D(cudaTextureObject_t texObject, float x, float y, float z);
template <class T>
__device__ T tex1DLayered(cudaTextureObject_t texObject, float x, int layer);
template <class T>
__device__ T tex2DLayered(cudaTextureObject_t texObject, float x, float y,
                          int layer);
template <class T>
__device__ T texCubemap(cudaTextureObject_t texObject, float x, float y,
                        float z);
template <class T>
__device__ T tex1DLod(cudaTextureObject_t texObject, float x, float level);
template <class T>
__device__ T tex2DLod(cudaTextureObject_t texObject, float x, float y,
                      float level);
template <class T>
__device__ T tex3DLod(cudaTextureObject_t texObject, float x, float y, float z,
                      float level);
template <class T>
__device__ T tex2Dgather(cudaTextureObject_t texObject, float x, float y,
                         int comp = 0);

/* device-side surface access */
template <class T>
__device__ T surf1Dread(cudaSurfaceObject_t surfObject, int x,
                        cudaSurfaceBoundaryMode boundaryMode =
                            cudaBoundaryModeTrap);
template <class T>
__device__ T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y,
                        cudaSurfaceBoundaryMode boundaryMode =
                            cudaBoundaryModeTrap);
template <class T>
__device__ T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z,
                        cudaSurfaceBoundaryMode boundaryMode =
                            cudaBoundaryModeTrap);
template <class T>
__device__ void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
                            cudaSurfaceBoundaryMode boundaryMode =
                                cudaBoundaryModeTrap);
template <class T>
__device__ void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
                            int y,
                            cudaSurfaceBoundaryMode boundaryMode =
                                cudaBoundaryModeTrap);
template <class T>
__device__ void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
                            int y, int z,
                            cudaSurfaceBoundaryMode boundaryMode =
                                cudaBoundaryModeTrap);

#endif /* CUDA2TILE_TEXTURE_H */
