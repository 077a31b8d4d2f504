/* <nvtx3/nvToolsExt.h> stand-in (host code): the NVTX 3 C API (markers,
 * ranges, domains, registered strings, naming), types and enum values as
 * in the CUDA 13 header.  The resource-naming extension (nvtxDomainResource*)
 * is not modelled. */
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3
#define NVTX_VERSION 3
#include "../cuda2tile_prelude.h"
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINTS 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINTS 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)
typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration *nvtxStringHandle_t;
typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;
extern "C" {
__host__ void nvtxInitialize(const void *reserved);
__host__ void nvtxDomainMarkEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib);
__host__ void nvtxMarkEx(const nvtxEventAttributes_t *eventAttrib);
__host__ void nvtxMarkA(const char *message);
__host__ void nvtxMarkW(const wchar_t *message);
__host__ nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t domain,
                                              const nvtxEventAttributes_t *eventAttrib);
__host__ nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *eventAttrib);
__host__ nvtxRangeId_t nvtxRangeStartA(const char *message);
__host__ nvtxRangeId_t nvtxRangeStartW(const wchar_t *message);
__host__ void nvtxDomainRangeEnd(nvtxDomainHandle_t domain, nvtxRangeId_t id);
__host__ void nvtxRangeEnd(nvtxRangeId_t id);
__host__ int nvtxDomainRangePushEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib);
__host__ int nvtxRangePushEx(const nvtxEventAttributes_t *eventAttrib);
__host__ int nvtxRangePushA(const char *message);
__host__ int nvtxRangePushW(const wchar_t *message);
__host__ int nvtxDomainRangePop(nvtxDomainHandle_t domain);
__host__ int nvtxRangePop(void);
__host__ void nvtxDomainNameCategoryA(nvtxDomainHandle_t domain, uint32_t category, const char *name);
__host__ void nvtxDomainNameCategoryW(nvtxDomainHandle_t domain, uint32_t category, const wchar_t *name);
__host__ void nvtxNameCategoryA(uint32_t category, const char *name);
__host__ void nvtxNameCategoryW(uint32_t category, const wchar_t *name);
__host__ void nvtxNameOsThreadA(uint32_t threadId, const char *name);
__host__ void nvtxNameOsThreadW(uint32_t threadId, const wchar_t *name);
__host__ nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t domain, const char *string);
__host__ nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t domain, const wchar_t *string);
__host__ nvtxDomainHandle_t nvtxDomainCreateA(const char *name);
__host__ nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name);
__host__ void nvtxDomainDestroy(nvtxDomainHandle_t domain);
}
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainNameCategory nvtxDomainNameCategoryA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#define nvtxDomainCreate nvtxDomainCreateA
#endif /* NVTOOLSEXT_V3 */
