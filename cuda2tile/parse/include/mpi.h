/* <mpi.h> stand-in (host code): a minimal MPI-3 C binding in Open MPI's
 * style -- the handles (MPI_Comm, MPI_Datatype, MPI_Op, MPI_Group,
 * MPI_Request, MPI_Win, MPI_Info, MPI_Errhandler) are distinct opaque
 * pointer types, so passing one for another is an error as with Open MPI,
 * and the predefined handles are addresses of library objects.  Covered:
 * init/finalize, communicators, groups, Cartesian topologies, point-to-point
 * (blocking and non-blocking), collectives, datatypes, MPI_Wtime, abort. */
#ifndef CUDA2TILE_MPI_H
#define CUDA2TILE_MPI_H
#include "cuda2tile_prelude.h"
#define MPI_VERSION 3
#define MPI_SUBVERSION 1
typedef struct ompi_communicator_t *MPI_Comm;
typedef struct ompi_datatype_t *MPI_Datatype;
typedef struct ompi_errhandler_t *MPI_Errhandler;
typedef struct ompi_group_t *MPI_Group;
typedef struct ompi_info_t *MPI_Info;
typedef struct ompi_op_t *MPI_Op;
typedef struct ompi_request_t *MPI_Request;
typedef struct ompi_win_t *MPI_Win;
typedef struct ompi_file_t *MPI_File;
typedef long MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef struct ompi_status_public_t {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  int _cancelled;
  size_t _ucount;
} MPI_Status;
typedef void(MPI_User_function)(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_LASTCODE 92
#define MPI_ANY_SOURCE (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-4)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 256
#define MPI_MAX_OBJECT_NAME 64
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3
#define MPI_COMM_TYPE_SHARED 0
#define MPI_BOTTOM ((void *)0)
#define MPI_IN_PLACE ((void *)1)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_ERRCODES_IGNORE ((int *)0)
#define MPI_ARGV_NULL ((char **)0)
extern "C" {
#define __C2T_MPI_OBJ(TYPE, NAME) extern struct ompi_predefined_##TYPE##_t NAME;
struct ompi_predefined_communicator_t;
struct ompi_predefined_datatype_t;
struct ompi_predefined_op_t;
struct ompi_predefined_group_t;
struct ompi_predefined_request_t;
struct ompi_predefined_errhandler_t;
struct ompi_predefined_info_t;
struct ompi_predefined_win_t;
__C2T_MPI_OBJ(communicator, ompi_mpi_comm_world)
__C2T_MPI_OBJ(communicator, ompi_mpi_comm_self)
__C2T_MPI_OBJ(communicator, ompi_mpi_comm_null)
__C2T_MPI_OBJ(group, ompi_mpi_group_empty)
__C2T_MPI_OBJ(group, ompi_mpi_group_null)
__C2T_MPI_OBJ(request, ompi_request_null)
__C2T_MPI_OBJ(errhandler, ompi_mpi_errors_are_fatal)
__C2T_MPI_OBJ(errhandler, ompi_mpi_errors_return)
__C2T_MPI_OBJ(info, ompi_mpi_info_null)
__C2T_MPI_OBJ(win, ompi_mpi_win_null)
#define __C2T_MPI_OP(N) __C2T_MPI_OBJ(op, ompi_mpi_op_##N)
__C2T_MPI_OP(null) __C2T_MPI_OP(max) __C2T_MPI_OP(min) __C2T_MPI_OP(sum)
__C2T_MPI_OP(prod) __C2T_MPI_OP(land) __C2T_MPI_OP(band) __C2T_MPI_OP(lor)
__C2T_MPI_OP(bor) __C2T_MPI_OP(lxor) __C2T_MPI_OP(bxor) __C2T_MPI_OP(maxloc)
__C2T_MPI_OP(minloc) __C2T_MPI_OP(replace)
#undef __C2T_MPI_OP
#define __C2T_MPI_DT(N) __C2T_MPI_OBJ(datatype, ompi_mpi_##N)
__C2T_MPI_DT(datatype_null) __C2T_MPI_DT(char) __C2T_MPI_DT(signed_char)
__C2T_MPI_DT(unsigned_char) __C2T_MPI_DT(byte) __C2T_MPI_DT(short)
__C2T_MPI_DT(unsigned_short) __C2T_MPI_DT(int) __C2T_MPI_DT(unsigned)
__C2T_MPI_DT(long) __C2T_MPI_DT(unsigned_long) __C2T_MPI_DT(long_long_int)
__C2T_MPI_DT(unsigned_long_long) __C2T_MPI_DT(float) __C2T_MPI_DT(double)
__C2T_MPI_DT(long_double) __C2T_MPI_DT(wchar) __C2T_MPI_DT(packed)
__C2T_MPI_DT(c_bool) __C2T_MPI_DT(int8_t) __C2T_MPI_DT(uint8_t)
__C2T_MPI_DT(int16_t) __C2T_MPI_DT(uint16_t) __C2T_MPI_DT(int32_t)
__C2T_MPI_DT(uint32_t) __C2T_MPI_DT(int64_t) __C2T_MPI_DT(uint64_t)
__C2T_MPI_DT(aint) __C2T_MPI_DT(offset) __C2T_MPI_DT(count)
__C2T_MPI_DT(float_int) __C2T_MPI_DT(double_int) __C2T_MPI_DT(long_int)
__C2T_MPI_DT(2int) __C2T_MPI_DT(short_int) __C2T_MPI_DT(c_float_complex)
__C2T_MPI_DT(c_double_complex)
#undef __C2T_MPI_DT
#undef __C2T_MPI_OBJ
}
#define MPI_COMM_WORLD ((MPI_Comm)&ompi_mpi_comm_world)
#define MPI_COMM_SELF ((MPI_Comm)&ompi_mpi_comm_self)
#define MPI_COMM_NULL ((MPI_Comm)&ompi_mpi_comm_null)
#define MPI_GROUP_EMPTY ((MPI_Group)&ompi_mpi_group_empty)
#define MPI_GROUP_NULL ((MPI_Group)&ompi_mpi_group_null)
#define MPI_REQUEST_NULL ((MPI_Request)&ompi_request_null)
#define MPI_ERRORS_ARE_FATAL ((MPI_Errhandler)&ompi_mpi_errors_are_fatal)
#define MPI_ERRORS_RETURN ((MPI_Errhandler)&ompi_mpi_errors_return)
#define MPI_INFO_NULL ((MPI_Info)&ompi_mpi_info_null)
#define MPI_WIN_NULL ((MPI_Win)&ompi_mpi_win_null)
#define MPI_OP_NULL ((MPI_Op)&ompi_mpi_op_null)
#define MPI_MAX ((MPI_Op)&ompi_mpi_op_max)
#define MPI_MIN ((MPI_Op)&ompi_mpi_op_min)
#define MPI_SUM ((MPI_Op)&ompi_mpi_op_sum)
#define MPI_PROD ((MPI_Op)&ompi_mpi_op_prod)
#define MPI_LAND ((MPI_Op)&ompi_mpi_op_land)
#define MPI_BAND ((MPI_Op)&ompi_mpi_op_band)
#define MPI_LOR ((MPI_Op)&ompi_mpi_op_lor)
#define MPI_BOR ((MPI_Op)&ompi_mpi_op_bor)
#define MPI_LXOR ((MPI_Op)&ompi_mpi_op_lxor)
#define MPI_BXOR ((MPI_Op)&ompi_mpi_op_bxor)
#define MPI_MAXLOC ((MPI_Op)&ompi_mpi_op_maxloc)
#define MPI_MINLOC ((MPI_Op)&ompi_mpi_op_minloc)
#define MPI_REPLACE ((MPI_Op)&ompi_mpi_op_replace)
#define MPI_DATATYPE_NULL ((MPI_Datatype)&ompi_mpi_datatype_null)
#define MPI_CHAR ((MPI_Datatype)&ompi_mpi_char)
#define MPI_SIGNED_CHAR ((MPI_Datatype)&ompi_mpi_signed_char)
#define MPI_UNSIGNED_CHAR ((MPI_Datatype)&ompi_mpi_unsigned_char)
#define MPI_BYTE ((MPI_Datatype)&ompi_mpi_byte)
#define MPI_SHORT ((MPI_Datatype)&ompi_mpi_short)
#define MPI_UNSIGNED_SHORT ((MPI_Datatype)&ompi_mpi_unsigned_short)
#define MPI_INT ((MPI_Datatype)&ompi_mpi_int)
#define MPI_UNSIGNED ((MPI_Datatype)&ompi_mpi_unsigned)
#define MPI_LONG ((MPI_Datatype)&ompi_mpi_long)
#define MPI_UNSIGNED_LONG ((MPI_Datatype)&ompi_mpi_unsigned_long)
#define MPI_LONG_LONG_INT ((MPI_Datatype)&ompi_mpi_long_long_int)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_UNSIGNED_LONG_LONG ((MPI_Datatype)&ompi_mpi_unsigned_long_long)
#define MPI_FLOAT ((MPI_Datatype)&ompi_mpi_float)
#define MPI_DOUBLE ((MPI_Datatype)&ompi_mpi_double)
#define MPI_LONG_DOUBLE ((MPI_Datatype)&ompi_mpi_long_double)
#define MPI_WCHAR ((MPI_Datatype)&ompi_mpi_wchar)
#define MPI_PACKED ((MPI_Datatype)&ompi_mpi_packed)
#define MPI_C_BOOL ((MPI_Datatype)&ompi_mpi_c_bool)
#define MPI_INT8_T ((MPI_Datatype)&ompi_mpi_int8_t)
#define MPI_UINT8_T ((MPI_Datatype)&ompi_mpi_uint8_t)
#define MPI_INT16_T ((MPI_Datatype)&ompi_mpi_int16_t)
#define MPI_UINT16_T ((MPI_Datatype)&ompi_mpi_uint16_t)
#define MPI_INT32_T ((MPI_Datatype)&ompi_mpi_int32_t)
#define MPI_UINT32_T ((MPI_Datatype)&ompi_mpi_uint32_t)
#define MPI_INT64_T ((MPI_Datatype)&ompi_mpi_int64_t)
#define MPI_UINT64_T ((MPI_Datatype)&ompi_mpi_uint64_t)
#define MPI_AINT ((MPI_Datatype)&ompi_mpi_aint)
#define MPI_OFFSET ((MPI_Datatype)&ompi_mpi_offset)
#define MPI_COUNT ((MPI_Datatype)&ompi_mpi_count)
#define MPI_FLOAT_INT ((MPI_Datatype)&ompi_mpi_float_int)
#define MPI_DOUBLE_INT ((MPI_Datatype)&ompi_mpi_double_int)
#define MPI_LONG_INT ((MPI_Datatype)&ompi_mpi_long_int)
#define MPI_2INT ((MPI_Datatype)&ompi_mpi_2int)
#define MPI_SHORT_INT ((MPI_Datatype)&ompi_mpi_short_int)
#define MPI_C_FLOAT_COMPLEX ((MPI_Datatype)&ompi_mpi_c_float_complex)
#define MPI_C_DOUBLE_COMPLEX ((MPI_Datatype)&ompi_mpi_c_double_complex)
extern "C" {
__host__ int MPI_Init(int *argc, char ***argv);
__host__ int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
__host__ int MPI_Initialized(int *flag);
__host__ int MPI_Finalize(void);
__host__ int MPI_Finalized(int *flag);
__host__ int MPI_Abort(MPI_Comm comm, int errorcode);
__host__ double MPI_Wtime(void);
__host__ double MPI_Wtick(void);
__host__ int MPI_Get_processor_name(char *name, int *resultlen);
__host__ int MPI_Get_version(int *version, int *subversion);
__host__ int MPI_Error_string(int errorcode, char *string, int *resultlen);
__host__ int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
__host__ int MPI_Comm_rank(MPI_Comm comm, int *rank);
__host__ int MPI_Comm_size(MPI_Comm comm, int *size);
__host__ int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
__host__ int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
__host__ int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                                 MPI_Comm *newcomm);
__host__ int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
__host__ int MPI_Comm_free(MPI_Comm *comm);
__host__ int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
__host__ int MPI_Comm_group(MPI_Comm comm, MPI_Group *group);
__host__ int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
__host__ int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
__host__ int MPI_Group_rank(MPI_Group group, int *rank);
__host__ int MPI_Group_size(MPI_Group group, int *size);
__host__ int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                                       int ranks2[]);
__host__ int MPI_Group_free(MPI_Group *group);
__host__ int MPI_Cart_create(MPI_Comm old_comm, int ndims, const int dims[], const int periods[],
                             int reorder, MPI_Comm *comm_cart);
__host__ int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
__host__ int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
__host__ int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest);
__host__ int MPI_Dims_create(int nnodes, int ndims, int dims[]);
__host__ int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
__host__ int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
__host__ int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                      MPI_Status *status);
__host__ int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                          int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          int source, int recvtag, MPI_Comm comm, MPI_Status *status);
__host__ int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                       MPI_Comm comm, MPI_Request *request);
__host__ int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag,
                       MPI_Comm comm, MPI_Request *request);
__host__ int MPI_Wait(MPI_Request *request, MPI_Status *status);
__host__ int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
__host__ int MPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status);
__host__ int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
__host__ int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                         MPI_Status array_of_statuses[]);
__host__ int MPI_Request_free(MPI_Request *request);
__host__ int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
__host__ int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
__host__ int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
__host__ int MPI_Barrier(MPI_Comm comm);
__host__ int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
__host__ int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                        int root, MPI_Comm comm);
__host__ int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm);
__host__ int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm, MPI_Request *request);
__host__ int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                      MPI_Comm comm);
__host__ int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm);
__host__ int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
__host__ int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                         int root, MPI_Comm comm);
__host__ int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
__host__ int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm);
__host__ int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
__host__ int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                            MPI_Comm comm);
__host__ int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
__host__ int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
__host__ int MPI_Op_create(MPI_User_function *function, int commute, MPI_Op *op);
__host__ int MPI_Op_free(MPI_Op *op);
__host__ int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
__host__ int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype);
__host__ int MPI_Type_create_struct(int count, const int array_of_block_lengths[],
                                    const MPI_Aint array_of_displacements[],
                                    const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
__host__ int MPI_Type_commit(MPI_Datatype *type);
__host__ int MPI_Type_free(MPI_Datatype *type);
__host__ int MPI_Type_size(MPI_Datatype type, int *size);
__host__ int MPI_Get_address(const void *location, MPI_Aint *address);
__host__ int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
__host__ int MPI_Free_mem(void *base);
}
#endif /* CUDA2TILE_MPI_H */
