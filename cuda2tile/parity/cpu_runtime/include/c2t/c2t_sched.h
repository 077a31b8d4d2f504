// cuda2tile CPU SIMT runtime -- execution engine.
//
// Execution model
// ---------------
// * A launch runs on ONE OS thread.  Blocks run one after another (linear
//   order: x fastest, then y, then z).
// * Fast path: a kernel that contains no barrier / warp primitive (decided by
//   the Python side from the preprocessed source, overridable per kernel) runs
//   as plain nested loops over the block's threads, calling the kernel
//   function directly.  No fibers, no context switches.
// * Fiber path: every CUDA thread of the running block is a fiber with its own
//   stack (guard page below it).  The scheduler runs the fibers round-robin;
//   a fiber runs until it blocks (barrier, warp operation), yields
//   (__nanosleep, failed atomicCAS) or exits, and then switches directly to
//   the next runnable fiber.  Context switches are a hand-written
//   callee-saved-register swap on x86-64 (a few ns), ucontext elsewhere (or
//   with -DC2T_USE_UCONTEXT; ~20x slower: it makes a system call per switch).
// * Barriers (__syncthreads*, cg::thread_block::sync): a thread arriving waits
//   until all threads of the block have arrived.  Strict mode (default) also
//   requires that all threads wait at the same call site and that no thread
//   has exited; violations are reported as barrier divergence.  Lenient mode
//   counts exited threads as arrived (what current hardware happens to do).
// * Warp operations are rendezvous: the lanes named in `mask` (that exist in
//   the block) must all arrive at a warp operation with the same mask; then
//   the values are exchanged at that point, exactly as in lock-step
//   execution.  __activemask() returns the lanes of the warp that are waiting
//   at the same __activemask() call site once no lane of the warp can run.
// * Deadlock / divergence: when no fiber of the block can run and some have
//   not finished, the scheduler reports which threads exited and which wait
//   where.
// * Memory model: since everything runs on one OS thread and fibers switch
//   only at the operations above, plain read-modify-write sequences are
//   atomic (atomics are implemented that way), and __threadfence*() need not
//   do anything but act as a compiler barrier.
#pragma once

#include "c2t_base.h"
#if defined(C2T_USE_UCONTEXT) || !defined(__x86_64__)
#include <ucontext.h>
#define C2T_ASM_FIBERS 0
#else
#define C2T_ASM_FIBERS 1
#endif

#ifndef C2T_MAX_DYN_SMEM
#define C2T_MAX_DYN_SMEM (1u << 20)  // 1 MiB of dynamic shared memory
#endif
#define C2T_MAX_BLOCK_THREADS 1024
#define C2T_ABI_VERSION 3

// ---------------------------------------------------------------------------
// Launch options / status block shared with Python (ctypes mirror in
// runtime.py: _LaunchOpts).  In an isolated launch it lives in shared memory
// so the parent can read progress and error text of a killed child.
// ---------------------------------------------------------------------------
extern "C" {
typedef struct c2t_launch_opts {
    uint32_t __c2t_abi_version;
    uint32_t __c2t_barrier_mode;   // 0 = strict, 1 = lenient
    uint32_t __c2t_shared_init;    // 0 = keep, 1 = zero, 2 = poison (0xFF bytes)
    uint32_t __c2t_force_fibers;   // 1 = ignore the fast path
    uint64_t __c2t_stack_size;     // bytes per fiber stack (0 = default)
    double __c2t_deadline;         // CLOCK_MONOTONIC seconds; 0 = none
    volatile int64_t __c2t_cur_block;   // linear index of the block being run
    volatile int64_t __c2t_n_blocks;
    volatile int32_t __c2t_status;      // return code, written at the end
    volatile int32_t __c2t_signal;      // crash signal, written by the handler
    volatile uint64_t __c2t_fault_addr;
    char __c2t_msg[4096];
} c2t_launch_opts;

// The launch's dynamic shared memory.  `extern __shared__ T s[];` declarations
// are rewritten to refer to this buffer.
C2T_HIDDEN alignas(1024) inline unsigned char c2t_dyn_smem_buf[C2T_MAX_DYN_SMEM];
}

enum : int {
    C2T_OK = 0,
    C2T_ERR_CONFIG = 1,
    C2T_ERR_BARRIER = 2,
    C2T_ERR_WARP = 3,
    C2T_ERR_TIMEOUT = 4,
    C2T_ERR_FASTPATH = 5,
    C2T_ERR_UNSUPPORTED = 6,
    C2T_ERR_INTERNAL = 7,
};

namespace c2t {

// ---------------------------------------------------------------------------
// Context switching.
// ---------------------------------------------------------------------------
struct __c2t_Fiber;
extern "C" C2T_HIDDEN void c2t_fiber_main(__c2t_Fiber* __c2t_f);

#if C2T_ASM_FIBERS
extern "C" C2T_HIDDEN void c2t_swap_context(void** __c2t_save_sp, void* __c2t_new_sp);
extern "C" C2T_HIDDEN void c2t_fiber_trampoline();
// Saves the callee-saved registers of the System V ABI and the return address
// below the stack pointer, stores the frame address, loads the other frame and
// jumps to its return address.  Returning with `jmp` instead of `ret` keeps the
// CPU's return-stack predictor consistent (a `ret` into another stack is always
// mispredicted; measured ~2x faster round trips).  MXCSR / x87 control words
// are not switched: kernels do not change rounding modes across a barrier (the
// directed-rounding intrinsics restore the mode before returning).
// Frame layout (8-byte slots from the saved sp): rbp rbx r12 r13 r14 r15 rip.
asm(R"(
    .text
    .p2align 4
    .weak c2t_swap_context
    .hidden c2t_swap_context
    .type c2t_swap_context, @function
c2t_swap_context:
    movq (%rsp), %rax
    leaq -48(%rsp), %rdx
    movq %rbp, 0(%rdx)
    movq %rbx, 8(%rdx)
    movq %r12, 16(%rdx)
    movq %r13, 24(%rdx)
    movq %r14, 32(%rdx)
    movq %r15, 40(%rdx)
    movq %rax, 48(%rdx)
    movq %rdx, (%rdi)
    movq 0(%rsi), %rbp
    movq 8(%rsi), %rbx
    movq 16(%rsi), %r12
    movq 24(%rsi), %r13
    movq 32(%rsi), %r14
    movq 40(%rsi), %r15
    movq 48(%rsi), %rcx
    leaq 56(%rsi), %rsp
    jmp *%rcx
    .size c2t_swap_context, .-c2t_swap_context

    .p2align 4
    .weak c2t_fiber_trampoline
    .hidden c2t_fiber_trampoline
    .type c2t_fiber_trampoline, @function
c2t_fiber_trampoline:
    .cfi_startproc
    .cfi_undefined rip
    movq %r12, %rdi
    andq $-16, %rsp
    callq *%r13
    ud2
    .cfi_endproc
    .size c2t_fiber_trampoline, .-c2t_fiber_trampoline
)");

struct __c2t_Ctx { void* __c2t_sp = nullptr; };
inline void __c2t_ctx_switch(__c2t_Ctx* __c2t_from, __c2t_Ctx* __c2t_to) { c2t_swap_context(&__c2t_from->__c2t_sp, __c2t_to->__c2t_sp); }
inline void __c2t_ctx_init(__c2t_Ctx* __c2t_c, char* __c2t_stack_lo, size_t __c2t_size, __c2t_Fiber* __c2t_f) {
    uint64_t* __c2t_top = reinterpret_cast<uint64_t*>(
        (reinterpret_cast<uintptr_t>(__c2t_stack_lo) + __c2t_size) & ~uintptr_t(15));
    uint64_t* __c2t_sp = __c2t_top - 8;
    __c2t_sp[0] = 0;                                                  // rbp
    __c2t_sp[1] = 0;                                                  // rbx
    __c2t_sp[2] = reinterpret_cast<uint64_t>(__c2t_f);                      // r12 -> rdi
    __c2t_sp[3] = reinterpret_cast<uint64_t>(&c2t_fiber_main);        // r13 -> call target
    __c2t_sp[4] = 0;                                                  // r14
    __c2t_sp[5] = 0;                                                  // r15
    __c2t_sp[6] = reinterpret_cast<uint64_t>(&c2t_fiber_trampoline);  // rip
    __c2t_sp[7] = 0;
    __c2t_c->__c2t_sp = __c2t_sp;
}
#else
struct __c2t_Ctx { ucontext_t __c2t_uc; };
inline void __c2t_ucontext_entry(unsigned __c2t_hi, unsigned __c2t_lo) {
    c2t_fiber_main(reinterpret_cast<__c2t_Fiber*>((uintptr_t(__c2t_hi) << 32) | uintptr_t(__c2t_lo)));
}
inline void __c2t_ctx_switch(__c2t_Ctx* __c2t_from, __c2t_Ctx* __c2t_to) { swapcontext(&__c2t_from->__c2t_uc, &__c2t_to->__c2t_uc); }
inline void __c2t_ctx_init(__c2t_Ctx* __c2t_c, char* __c2t_stack_lo, size_t __c2t_size, __c2t_Fiber* __c2t_f) {
    // getcontext() makes a system call: take it once and copy the template.
    static ucontext_t __c2t_tmpl;
    static bool __c2t_have_tmpl = false;
    if (!__c2t_have_tmpl) { getcontext(&__c2t_tmpl); __c2t_have_tmpl = true; }
    __c2t_c->__c2t_uc = __c2t_tmpl;
    __c2t_c->__c2t_uc.uc_stack.ss_sp = __c2t_stack_lo;
    __c2t_c->__c2t_uc.uc_stack.ss_size = __c2t_size;
    __c2t_c->__c2t_uc.uc_link = nullptr;
    uintptr_t __c2t_p = reinterpret_cast<uintptr_t>(__c2t_f);
    makecontext(&__c2t_c->__c2t_uc, reinterpret_cast<void (*)()>(&__c2t_ucontext_entry), 2,
                unsigned(__c2t_p >> 32), unsigned(__c2t_p & 0xffffffffu));
}
#endif

// ---------------------------------------------------------------------------
// Scheduler state.
// ---------------------------------------------------------------------------
enum : uint8_t { __c2t_ST_RUN = 0, __c2t_ST_BAR = 1, __c2t_ST_WARP = 2, __c2t_ST_DONE = 3 };

enum __c2t_WOp : uint8_t {
    __c2t_W_SYNC, __c2t_W_SHFL_IDX, __c2t_W_SHFL_UP, __c2t_W_SHFL_DOWN, __c2t_W_SHFL_XOR, __c2t_W_BALLOT, __c2t_W_ANY, __c2t_W_ALL,
    __c2t_W_MATCH_ANY, __c2t_W_MATCH_ALL, __c2t_W_RED_ADD, __c2t_W_RED_MIN_I, __c2t_W_RED_MAX_I, __c2t_W_RED_MIN_U, __c2t_W_RED_MAX_U,
    __c2t_W_RED_AND, __c2t_W_RED_OR, __c2t_W_RED_XOR, __c2t_W_ACTIVEMASK,
};
inline const char* __c2t_wop_name(int __c2t_op) {
    static const char* const __c2t_names[] = {
        "__syncwarp", "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
        "__ballot_sync", "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync",
        "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_min_sync",
        "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
        "__activemask"};
    return (__c2t_op >= 0 && __c2t_op <= __c2t_W_ACTIVEMASK) ? __c2t_names[__c2t_op] : "warp op";
}
enum : uint8_t { __c2t_B_SYNC = 0, __c2t_B_COUNT = 1, __c2t_B_AND = 2, __c2t_B_OR = 3 };
inline const char* __c2t_bar_name(int __c2t_k) {
    static const char* const __c2t_names[] = {"__syncthreads()", "__syncthreads_count()",
                                        "__syncthreads_and()", "__syncthreads_or()"};
    return __c2t_names[__c2t_k & 3];
}

struct __c2t_Fiber {
    __c2t_Ctx __c2t_ctx;
    uint3 __c2t_tid;
    uint32_t __c2t_linear, __c2t_lane, __c2t_warp;
    uint8_t __c2t_state, __c2t_wop, __c2t_bkind;
    uint32_t __c2t_wmask;
    int32_t __c2t_warg, __c2t_wwidth;
    uint64_t __c2t_wval, __c2t_wres;
    int32_t __c2t_wpred;
    int32_t __c2t_bpred, __c2t_bres;
    c2t::__c2t_srcloc __c2t_bsite, __c2t_wsite;
};

struct __c2t_Warp {
    uint32_t __c2t_exists;    // lanes that exist in this block
    uint32_t __c2t_exited;    // lanes that finished
    uint32_t __c2t_waiting;   // lanes blocked in a warp operation
    uint32_t __c2t_runnable;  // number of lanes that can run
    uint32_t __c2t_pending_am;
};

struct __c2t_SharedRegion { volatile void* __c2t_p; size_t __c2t_n; };

struct __c2t_Runtime {
    c2t_launch_opts* __c2t_opts = nullptr;
    bool __c2t_strict = true;
    int __c2t_mode = 0;            // 0 = host (no launch), 1 = fast path, 2 = fibers
    __c2t_Fiber* __c2t_fibers = nullptr;
    __c2t_Warp __c2t_warps[C2T_MAX_BLOCK_THREADS / 32];
    uint32_t __c2t_nthreads = 0, __c2t_nwarps = 0;
    char* __c2t_stacks = nullptr;
    size_t __c2t_stack_stride = 0, __c2t_stack_usable = 0, __c2t_stacks_n = 0, __c2t_page = 4096;
    __c2t_Ctx __c2t_sched;
    __c2t_Fiber* __c2t_cur = nullptr;
    uint32_t __c2t_done = 0, __c2t_bar_waiting = 0;
    int __c2t_bar_count = 0;          // arrivals with a true predicate
    bool __c2t_bar_mismatch = false;  // arrivals at different barriers (site or kind)
    uint8_t __c2t_bar_kind = 0;
    c2t::__c2t_srcloc __c2t_bar_site;
    int __c2t_error = 0;
    void (*__c2t_invoke)(void*) = nullptr;
    void* __c2t_invoke_ctx = nullptr;
    jmp_buf __c2t_fast_jmp;
    __c2t_SharedRegion __c2t_regions[4096];
    size_t __c2t_nregions = 0;
    size_t __c2t_dyn_smem = 0;
    uint32_t __c2t_shared_init = 1;
};
C2T_HIDDEN inline __c2t_Runtime __c2t_rt;
C2T_HIDDEN inline c2t_launch_opts __c2t_default_opts{};

inline double __c2t_now_seconds() {
    timespec __c2t_ts;
    clock_gettime(CLOCK_MONOTONIC, &__c2t_ts);
    return double(__c2t_ts.tv_sec) + 1e-9 * double(__c2t_ts.tv_nsec);
}

// ---------------------------------------------------------------------------
// Error reporting.
// ---------------------------------------------------------------------------
__attribute__((__format__(__printf__, 2, 3))) inline void __c2t_fail(int __c2t_code, const char* __c2t_fmt, ...) {
    if (__c2t_rt.__c2t_error) return;  // first error wins
    __c2t_rt.__c2t_error = __c2t_code;
    c2t_launch_opts* __c2t_o = __c2t_rt.__c2t_opts ? __c2t_rt.__c2t_opts : &__c2t_default_opts;
    va_list __c2t_ap;
    va_start(__c2t_ap, __c2t_fmt);
    vsnprintf(__c2t_o->__c2t_msg, sizeof(__c2t_o->__c2t_msg), __c2t_fmt, __c2t_ap);
    va_end(__c2t_ap);
}

struct __c2t_Buf {
    char __c2t_data[3072];
    size_t __c2t_n = 0;
    __attribute__((__format__(__printf__, 2, 3))) void __c2t_add(const char* __c2t_fmt, ...) {
        if (__c2t_n >= sizeof(__c2t_data) - 1) return;
        va_list __c2t_ap;
        va_start(__c2t_ap, __c2t_fmt);
        int __c2t_k = vsnprintf(__c2t_data + __c2t_n, sizeof(__c2t_data) - __c2t_n, __c2t_fmt, __c2t_ap);
        va_end(__c2t_ap);
        if (__c2t_k > 0) __c2t_n = std::min(sizeof(__c2t_data) - 1, __c2t_n + size_t(__c2t_k));
    }
};

// Appends "0-31, 64, 70-71" for the selected items (sel[i] true), `base` added.
template <class __c2t_Pred>
inline void __c2t_add_ranges(__c2t_Buf& __c2t_b, uint32_t __c2t_count, __c2t_Pred __c2t_sel, uint32_t __c2t_base = 0) {
    bool __c2t_first = true;
    uint32_t __c2t_i = 0;
    int __c2t_shown = 0;
    while (__c2t_i < __c2t_count) {
        if (!__c2t_sel(__c2t_i)) { ++__c2t_i; continue; }
        uint32_t __c2t_j = __c2t_i;
        while (__c2t_j + 1 < __c2t_count && __c2t_sel(__c2t_j + 1)) ++__c2t_j;
        if (__c2t_shown == 12) { __c2t_b.__c2t_add(", ..."); return; }
        if (__c2t_i == __c2t_j) __c2t_b.__c2t_add("%s%u", __c2t_first ? "" : ", ", __c2t_i + __c2t_base);
        else __c2t_b.__c2t_add("%s%u-%u", __c2t_first ? "" : ", ", __c2t_i + __c2t_base, __c2t_j + __c2t_base);
        __c2t_first = false;
        ++__c2t_shown;
        __c2t_i = __c2t_j + 1;
    }
}

inline bool __c2t_same_site(const c2t::__c2t_srcloc& __c2t_a, const c2t::__c2t_srcloc& __c2t_b) {
    return __c2t_a.__c2t_line() == __c2t_b.__c2t_line() && __c2t_a.__c2t_column() == __c2t_b.__c2t_column() &&
           (__c2t_a.__c2t_file_name() == __c2t_b.__c2t_file_name() || std::strcmp(__c2t_a.__c2t_file_name(), __c2t_b.__c2t_file_name()) == 0);
}

__attribute__((__noreturn__)) inline void __c2t_fast_path_violation(const char* __c2t_what, const c2t::__c2t_srcloc& __c2t_loc) {
    if (__c2t_rt.__c2t_mode == 1) {
        __c2t_fail(C2T_ERR_FASTPATH,
             "%s (%s:%u) was called in a kernel that runs on the fast path (no fibers); "
             "build the kernel with fast_path=False (KernelSig) or launch with force_fibers=True",
             __c2t_what, __c2t_loc.__c2t_file_name(), __c2t_loc.__c2t_line());
        longjmp(__c2t_rt.__c2t_fast_jmp, 1);
    }
    std::fprintf(stderr, "cuda2tile cpu runtime: %s (%s:%u) called outside a kernel launch\n", __c2t_what,
                 __c2t_loc.__c2t_file_name(), __c2t_loc.__c2t_line());
    std::abort();
}

// ---------------------------------------------------------------------------
// Switching.  A fiber that blocks, yields or exits switches directly to the
// next runnable fiber of the block (round-robin by linear thread id); the
// scheduler context only regains control when the block has finished, when no
// fiber can run (divergence / deadlock), on an error or on a timeout.
// ---------------------------------------------------------------------------
inline bool __c2t_deadline_passed();
inline void __c2t_timeout_error();

inline __c2t_Fiber* __c2t_next_runnable(uint32_t __c2t_from) {
    __c2t_Fiber* __c2t_fs = __c2t_rt.__c2t_fibers;
    const uint32_t __c2t_n = __c2t_rt.__c2t_nthreads;
    for (uint32_t __c2t_k = __c2t_from + 1; __c2t_k < __c2t_n; ++__c2t_k)
        if (__c2t_fs[__c2t_k].__c2t_state == __c2t_ST_RUN) return &__c2t_fs[__c2t_k];
    // wrapped around: one scheduling round is over
    if (C2T_UNLIKELY(__c2t_rt.__c2t_opts->__c2t_deadline > 0) && __c2t_deadline_passed()) {
        __c2t_timeout_error();
        return nullptr;
    }
    for (uint32_t __c2t_k = 0; __c2t_k <= __c2t_from && __c2t_k < __c2t_n; ++__c2t_k)
        if (__c2t_fs[__c2t_k].__c2t_state == __c2t_ST_RUN) return &__c2t_fs[__c2t_k];
    return nullptr;
}

// Leave the current fiber `f` (blocked, exited or yielding).
inline void __c2t_switch_away(__c2t_Fiber* __c2t_f) {
    __asm__ volatile("" ::: "memory");
    __c2t_Fiber* __c2t_nx = __c2t_rt.__c2t_error ? nullptr : __c2t_next_runnable(__c2t_f->__c2t_linear);
    if (__c2t_nx == __c2t_f) return;  // yielding, and nothing else can run
    if (!__c2t_nx) {
        __c2t_rt.__c2t_cur = nullptr;
        __c2t_ctx_switch(&__c2t_f->__c2t_ctx, &__c2t_rt.__c2t_sched);
    } else {
        __c2t_rt.__c2t_cur = __c2t_nx;
        threadIdx = __c2t_nx->__c2t_tid;
        __c2t_ctx_switch(&__c2t_f->__c2t_ctx, &__c2t_nx->__c2t_ctx);
    }
    __asm__ volatile("" ::: "memory");
}

inline void __c2t_yield_to_scheduler(__c2t_Fiber* __c2t_f) { __c2t_switch_away(__c2t_f); }

// A runnable fiber gives the others a chance to run (spin loops).
inline void __c2t_yield_now() {
    if (__c2t_rt.__c2t_mode == 2 && __c2t_rt.__c2t_cur) __c2t_switch_away(__c2t_rt.__c2t_cur);
}

inline void __c2t_release_barrier();
inline void __c2t_resolve_activemask(__c2t_Warp& w, uint32_t __c2t_warp_index);
inline void __c2t_try_complete(__c2t_Warp& w, uint32_t __c2t_warp_index, uint32_t __c2t_mask);

inline void __c2t_lane_blocked(__c2t_Warp& w, uint32_t __c2t_warp_index) {
    if (--w.__c2t_runnable == 0 && w.__c2t_pending_am) __c2t_resolve_activemask(w, __c2t_warp_index);
}

inline void __c2t_release_lane(__c2t_Warp& w, __c2t_Fiber* __c2t_f) {
    __c2t_f->__c2t_state = __c2t_ST_RUN;
    w.__c2t_runnable++;
}

// ---------------------------------------------------------------------------
// Block barrier.
// ---------------------------------------------------------------------------
inline uint32_t __c2t_barrier_required() { return __c2t_rt.__c2t_strict ? __c2t_rt.__c2t_nthreads : __c2t_rt.__c2t_nthreads - __c2t_rt.__c2t_done; }

inline void __c2t_report_barrier_mismatch() {
    const uint32_t __c2t_n = __c2t_rt.__c2t_nthreads;
    __c2t_Buf __c2t_b;
    __c2t_b.__c2t_add("barrier divergence: block (%u,%u,%u): threads wait at different barriers: ", blockIdx.x,
          blockIdx.y, blockIdx.z);
    bool __c2t_listed[C2T_MAX_BLOCK_THREADS] = {};
    bool __c2t_firstg = true;
    for (uint32_t __c2t_i = 0; __c2t_i < __c2t_n; ++__c2t_i) {
        __c2t_Fiber* __c2t_g = &__c2t_rt.__c2t_fibers[__c2t_i];
        if (__c2t_g->__c2t_state != __c2t_ST_BAR || __c2t_listed[__c2t_i]) continue;
        __c2t_b.__c2t_add("%sthreads ", __c2t_firstg ? "" : "; ");
        __c2t_firstg = false;
        auto __c2t_sel = [&](uint32_t __c2t_k) {
            __c2t_Fiber* __c2t_h = &__c2t_rt.__c2t_fibers[__c2t_k];
            return __c2t_h->__c2t_state == __c2t_ST_BAR && __c2t_h->__c2t_bkind == __c2t_g->__c2t_bkind && __c2t_same_site(__c2t_h->__c2t_bsite, __c2t_g->__c2t_bsite);
        };
        __c2t_add_ranges(__c2t_b, __c2t_n, __c2t_sel);
        for (uint32_t __c2t_k = 0; __c2t_k < __c2t_n; ++__c2t_k) if (__c2t_sel(__c2t_k)) __c2t_listed[__c2t_k] = true;
        __c2t_b.__c2t_add(" at %s (%s:%u)", __c2t_bar_name(__c2t_g->__c2t_bkind), __c2t_g->__c2t_bsite.__c2t_file_name(), __c2t_g->__c2t_bsite.__c2t_line());
    }
    __c2t_fail(C2T_ERR_BARRIER, "%s", __c2t_b.__c2t_data);
}

inline void __c2t_release_barrier() {
    if (__c2t_rt.__c2t_bar_mismatch && __c2t_rt.__c2t_strict) {
        __c2t_report_barrier_mismatch();
        return;
    }
    const int __c2t_count = __c2t_rt.__c2t_bar_count;
    const int __c2t_waiting = int(__c2t_rt.__c2t_bar_waiting);
    const uint32_t __c2t_n = __c2t_rt.__c2t_nthreads;
    __c2t_Fiber* __c2t_fs = __c2t_rt.__c2t_fibers;
    for (uint32_t __c2t_i = 0; __c2t_i < __c2t_n; ++__c2t_i) {
        __c2t_Fiber* __c2t_f = &__c2t_fs[__c2t_i];
        if (__c2t_f->__c2t_state != __c2t_ST_BAR) continue;
        switch (__c2t_f->__c2t_bkind) {
            case __c2t_B_COUNT: __c2t_f->__c2t_bres = __c2t_count; break;
            case __c2t_B_AND: __c2t_f->__c2t_bres = __c2t_count == __c2t_waiting; break;
            case __c2t_B_OR: __c2t_f->__c2t_bres = __c2t_count != 0; break;
            default: break;
        }
        __c2t_f->__c2t_state = __c2t_ST_RUN;
    }
    for (uint32_t __c2t_wi = 0; __c2t_wi < __c2t_rt.__c2t_nwarps; ++__c2t_wi) {
        // lanes that were at the barrier are runnable again
        __c2t_Warp& w = __c2t_rt.__c2t_warps[__c2t_wi];
        w.__c2t_runnable = uint32_t(__c2t_popc32(w.__c2t_exists & ~w.__c2t_exited & ~w.__c2t_waiting));
    }
    __c2t_rt.__c2t_bar_waiting = 0;
    __c2t_rt.__c2t_bar_count = 0;
    __c2t_rt.__c2t_bar_mismatch = false;
}

inline int __c2t_block_barrier(int __c2t_kind, int __c2t_pred, const c2t::__c2t_srcloc& __c2t_loc) {
    __c2t_Fiber* __c2t_f = __c2t_rt.__c2t_cur;
    if (C2T_UNLIKELY(__c2t_rt.__c2t_mode != 2 || !__c2t_f)) {
        if (__c2t_rt.__c2t_mode == 1 && __c2t_rt.__c2t_nthreads == 1) return __c2t_pred != 0;  // a 1-thread block needs no fiber
        __c2t_fast_path_violation(__c2t_bar_name(__c2t_kind), __c2t_loc);
    }
    __c2t_f->__c2t_state = __c2t_ST_BAR;
    __c2t_f->__c2t_bkind = uint8_t(__c2t_kind);
    __c2t_f->__c2t_bpred = __c2t_pred;
    __c2t_f->__c2t_bsite = __c2t_loc;
    __c2t_f->__c2t_bres = 0;
    if (__c2t_rt.__c2t_bar_waiting == 0) {
        __c2t_rt.__c2t_bar_kind = uint8_t(__c2t_kind);
        __c2t_rt.__c2t_bar_site = __c2t_loc;
    } else if (__c2t_rt.__c2t_bar_kind != __c2t_kind || !__c2t_same_site(__c2t_rt.__c2t_bar_site, __c2t_loc)) {
        __c2t_rt.__c2t_bar_mismatch = true;
    }
    __c2t_rt.__c2t_bar_count += __c2t_pred != 0;
    __c2t_rt.__c2t_bar_waiting++;
    __c2t_lane_blocked(__c2t_rt.__c2t_warps[__c2t_f->__c2t_warp], __c2t_f->__c2t_warp);
    if (__c2t_rt.__c2t_bar_waiting == __c2t_barrier_required()) __c2t_release_barrier();
    if (__c2t_f->__c2t_state != __c2t_ST_RUN) __c2t_yield_to_scheduler(__c2t_f);
    return __c2t_f->__c2t_bres;
}

// ---------------------------------------------------------------------------
// Warp operations.
// ---------------------------------------------------------------------------
inline uint64_t __c2t_shfl_source(const __c2t_Fiber* __c2t_f, uint32_t __c2t_group, const __c2t_Fiber* __c2t_base) {
    const int __c2t_lane = int(__c2t_f->__c2t_lane);
    int __c2t_width = __c2t_f->__c2t_wwidth;
    if (__c2t_width <= 0 || __c2t_width > 32) __c2t_width = 32;
    const int __c2t_segmask = (32 - __c2t_width) & 0x1f;
    const int __c2t_cval = (__c2t_f->__c2t_wop == __c2t_W_SHFL_UP) ? 0 : 0x1f;
    const int __c2t_max_lane = (__c2t_lane & __c2t_segmask) | (__c2t_cval & ~__c2t_segmask);
    const int __c2t_min_lane = __c2t_lane & __c2t_segmask;
    const int __c2t_b = __c2t_f->__c2t_warg;
    long __c2t_j = __c2t_lane;
    bool __c2t_ok = false;
    switch (__c2t_f->__c2t_wop) {
        case __c2t_W_SHFL_UP: __c2t_j = long(__c2t_lane) - long(uint32_t(__c2t_b)); __c2t_ok = __c2t_j >= __c2t_max_lane; break;
        case __c2t_W_SHFL_DOWN: __c2t_j = long(__c2t_lane) + long(uint32_t(__c2t_b)); __c2t_ok = __c2t_j <= __c2t_max_lane; break;
        case __c2t_W_SHFL_XOR: __c2t_j = long(__c2t_lane ^ __c2t_b); __c2t_ok = __c2t_j >= 0 && __c2t_j <= __c2t_max_lane; break;
        default: __c2t_j = __c2t_min_lane | (__c2t_b & 0x1f & ~__c2t_segmask); __c2t_ok = __c2t_j <= __c2t_max_lane; break;
    }
    if (!__c2t_ok || __c2t_j < 0 || __c2t_j > 31 || !(__c2t_group >> __c2t_j & 1u)) return __c2t_f->__c2t_wval;  // inactive source: own value
    return __c2t_base[__c2t_j].__c2t_wval;
}

inline void __c2t_complete_group(__c2t_Warp& w, uint32_t __c2t_warp_index, uint32_t __c2t_group, uint8_t __c2t_op, bool __c2t_mixed) {
    __c2t_Fiber* __c2t_base = &__c2t_rt.__c2t_fibers[__c2t_warp_index * 32];
    if (!__c2t_mixed && (__c2t_op == __c2t_W_SYNC || (__c2t_op >= __c2t_W_SHFL_IDX && __c2t_op <= __c2t_W_SHFL_XOR))) {
        // fast paths: nothing to compute / independent per-lane reads
        if (__c2t_op != __c2t_W_SYNC) {
            uint64_t __c2t_res[32];
            for (uint32_t __c2t_m = __c2t_group; __c2t_m; __c2t_m &= __c2t_m - 1) {
                const int __c2t_l = __builtin_ctz(__c2t_m);
                __c2t_res[__c2t_l] = __c2t_shfl_source(&__c2t_base[__c2t_l], __c2t_group, __c2t_base);
            }
            for (uint32_t __c2t_m = __c2t_group; __c2t_m; __c2t_m &= __c2t_m - 1) {
                const int __c2t_l = __builtin_ctz(__c2t_m);
                __c2t_base[__c2t_l].__c2t_wres = __c2t_res[__c2t_l];
            }
        }
        for (uint32_t __c2t_m = __c2t_group; __c2t_m; __c2t_m &= __c2t_m - 1) __c2t_base[__builtin_ctz(__c2t_m)].__c2t_state = __c2t_ST_RUN;
        w.__c2t_waiting &= ~__c2t_group;
        w.__c2t_runnable += uint32_t(__c2t_popc32(__c2t_group));
        return;
    }
    // Collective values.
    uint32_t __c2t_ballot = 0;
    uint64_t __c2t_add = 0, __c2t_andv = ~uint64_t(0), __c2t_orv = 0, __c2t_xorv = 0;
    int64_t __c2t_mini = INT64_MAX, __c2t_maxi = INT64_MIN;
    uint64_t __c2t_minu = UINT64_MAX, __c2t_maxu = 0;
    bool __c2t_all_equal = true;
    uint64_t __c2t_first_val = 0;
    bool __c2t_have_first = false;
    for (uint32_t __c2t_m = __c2t_group; __c2t_m; __c2t_m &= __c2t_m - 1) {
        const int __c2t_l = __builtin_ctz(__c2t_m);
        const __c2t_Fiber* __c2t_g = &__c2t_base[__c2t_l];
        const uint64_t __c2t_v = __c2t_g->__c2t_wval;
        if (__c2t_v) __c2t_ballot |= 1u << __c2t_l;
        __c2t_add += __c2t_v; __c2t_andv &= __c2t_v; __c2t_orv |= __c2t_v; __c2t_xorv ^= __c2t_v;
        const int64_t __c2t_sv = int64_t(int32_t(uint32_t(__c2t_v)));
        __c2t_mini = std::min(__c2t_mini, __c2t_sv); __c2t_maxi = std::max(__c2t_maxi, __c2t_sv);
        const uint64_t __c2t_uv = uint32_t(__c2t_v);
        __c2t_minu = std::min(__c2t_minu, __c2t_uv); __c2t_maxu = std::max(__c2t_maxu, __c2t_uv);
        if (!__c2t_have_first) { __c2t_first_val = __c2t_v; __c2t_have_first = true; }
        else if (__c2t_v != __c2t_first_val) __c2t_all_equal = false;
    }
    for (uint32_t __c2t_m = __c2t_group; __c2t_m; __c2t_m &= __c2t_m - 1) {
        const int __c2t_l = __builtin_ctz(__c2t_m);
        __c2t_Fiber* __c2t_g = &__c2t_base[__c2t_l];
        uint64_t __c2t_r = 0;
        __c2t_g->__c2t_wpred = 0;
        switch (__c2t_g->__c2t_wop) {
            case __c2t_W_SYNC: __c2t_r = 0; break;
            case __c2t_W_SHFL_IDX: case __c2t_W_SHFL_UP: case __c2t_W_SHFL_DOWN: case __c2t_W_SHFL_XOR:
                __c2t_r = __c2t_shfl_source(__c2t_g, __c2t_group, __c2t_base); break;
            case __c2t_W_BALLOT: __c2t_r = __c2t_ballot; break;
            case __c2t_W_ANY: __c2t_r = __c2t_ballot != 0; break;
            case __c2t_W_ALL: __c2t_r = __c2t_ballot == __c2t_group; break;
            case __c2t_W_MATCH_ANY: {
                uint32_t __c2t_mm = 0;
                for (uint32_t __c2t_q = __c2t_group; __c2t_q; __c2t_q &= __c2t_q - 1) {
                    const int __c2t_k = __builtin_ctz(__c2t_q);
                    if (__c2t_base[__c2t_k].__c2t_wval == __c2t_g->__c2t_wval) __c2t_mm |= 1u << __c2t_k;
                }
                __c2t_r = __c2t_mm;
                break;
            }
            case __c2t_W_MATCH_ALL: __c2t_r = __c2t_all_equal ? __c2t_group : 0; __c2t_g->__c2t_wpred = __c2t_all_equal; break;
            case __c2t_W_RED_ADD: __c2t_r = uint32_t(__c2t_add); break;
            case __c2t_W_RED_MIN_I: __c2t_r = uint32_t(int32_t(__c2t_mini)); break;
            case __c2t_W_RED_MAX_I: __c2t_r = uint32_t(int32_t(__c2t_maxi)); break;
            case __c2t_W_RED_MIN_U: __c2t_r = uint32_t(__c2t_minu); break;
            case __c2t_W_RED_MAX_U: __c2t_r = uint32_t(__c2t_maxu); break;
            case __c2t_W_RED_AND: __c2t_r = uint32_t(__c2t_andv); break;
            case __c2t_W_RED_OR: __c2t_r = uint32_t(__c2t_orv); break;
            case __c2t_W_RED_XOR: __c2t_r = uint32_t(__c2t_xorv); break;
            default: break;
        }
        __c2t_g->__c2t_wres = __c2t_r;
    }
    for (uint32_t __c2t_m = __c2t_group; __c2t_m; __c2t_m &= __c2t_m - 1) {
        const int __c2t_l = __builtin_ctz(__c2t_m);
        w.__c2t_waiting &= ~(1u << __c2t_l);
        __c2t_release_lane(w, &__c2t_base[__c2t_l]);
    }
}

inline void __c2t_try_complete(__c2t_Warp& w, uint32_t __c2t_warp_index, uint32_t __c2t_mask) {
    uint32_t __c2t_req = __c2t_mask & w.__c2t_exists;
    if (__c2t_rt.__c2t_strict) {
        if (__c2t_req & w.__c2t_exited) return;  // a named lane exited: stuck, diagnosed later
    } else {
        __c2t_req &= ~w.__c2t_exited;
    }
    if (!__c2t_req || (w.__c2t_waiting & __c2t_req) != __c2t_req) return;
    __c2t_Fiber* __c2t_base = &__c2t_rt.__c2t_fibers[__c2t_warp_index * 32];
    uint8_t __c2t_op0 = 255;
    bool __c2t_mixed = false;
    for (uint32_t __c2t_m = __c2t_req; __c2t_m; __c2t_m &= __c2t_m - 1) {
        const __c2t_Fiber* __c2t_g = &__c2t_base[__builtin_ctz(__c2t_m)];
        if (__c2t_g->__c2t_wop == __c2t_W_ACTIVEMASK || __c2t_g->__c2t_wmask != __c2t_mask) return;  // lane belongs to another group
        if (__c2t_op0 == 255) __c2t_op0 = __c2t_g->__c2t_wop;
        else if (__c2t_g->__c2t_wop != __c2t_op0) __c2t_mixed = true;
    }
    if (__c2t_mixed && __c2t_rt.__c2t_strict) {
        __c2t_Buf __c2t_b;
        __c2t_b.__c2t_add("warp divergence: block (%u,%u,%u), warp %u: lanes named in mask 0x%08x wait at "
              "different warp operations: ",
              blockIdx.x, blockIdx.y, blockIdx.z, __c2t_warp_index, __c2t_mask);
        bool __c2t_firstg = true;
        uint32_t __c2t_left = __c2t_req;
        while (__c2t_left) {
            const __c2t_Fiber* __c2t_g = &__c2t_base[__builtin_ctz(__c2t_left)];
            uint32_t __c2t_same = 0;
            for (uint32_t __c2t_m = __c2t_left; __c2t_m; __c2t_m &= __c2t_m - 1) {
                const int __c2t_k = __builtin_ctz(__c2t_m);
                if (__c2t_base[__c2t_k].__c2t_wop == __c2t_g->__c2t_wop && __c2t_same_site(__c2t_base[__c2t_k].__c2t_wsite, __c2t_g->__c2t_wsite)) __c2t_same |= 1u << __c2t_k;
            }
            __c2t_b.__c2t_add("%slanes ", __c2t_firstg ? "" : "; ");
            __c2t_firstg = false;
            __c2t_add_ranges(__c2t_b, 32, [&](uint32_t __c2t_k) { return (__c2t_same >> __c2t_k) & 1u; });
            __c2t_b.__c2t_add(" at %s (%s:%u)", __c2t_wop_name(__c2t_g->__c2t_wop), __c2t_g->__c2t_wsite.__c2t_file_name(), __c2t_g->__c2t_wsite.__c2t_line());
            __c2t_left &= ~__c2t_same;
        }
        __c2t_fail(C2T_ERR_WARP, "%s", __c2t_b.__c2t_data);
        return;
    }
    __c2t_complete_group(w, __c2t_warp_index, __c2t_req, __c2t_op0, __c2t_mixed);
}

inline void __c2t_resolve_activemask(__c2t_Warp& w, uint32_t __c2t_warp_index) {
    __c2t_Fiber* __c2t_base = &__c2t_rt.__c2t_fibers[__c2t_warp_index * 32];
    uint32_t __c2t_left = 0;
    for (uint32_t __c2t_m = w.__c2t_waiting; __c2t_m; __c2t_m &= __c2t_m - 1) {
        const int __c2t_l = __builtin_ctz(__c2t_m);
        if (__c2t_base[__c2t_l].__c2t_wop == __c2t_W_ACTIVEMASK) __c2t_left |= 1u << __c2t_l;
    }
    while (__c2t_left) {
        __c2t_Fiber* __c2t_g = &__c2t_base[__builtin_ctz(__c2t_left)];
        uint32_t __c2t_same = 0;
        for (uint32_t __c2t_m = __c2t_left; __c2t_m; __c2t_m &= __c2t_m - 1) {
            const int __c2t_k = __builtin_ctz(__c2t_m);
            if (__c2t_same_site(__c2t_base[__c2t_k].__c2t_wsite, __c2t_g->__c2t_wsite)) __c2t_same |= 1u << __c2t_k;
        }
        for (uint32_t __c2t_m = __c2t_same; __c2t_m; __c2t_m &= __c2t_m - 1) {
            const int __c2t_k = __builtin_ctz(__c2t_m);
            __c2t_base[__c2t_k].__c2t_wres = __c2t_same;
            w.__c2t_waiting &= ~(1u << __c2t_k);
            w.__c2t_pending_am--;
            __c2t_release_lane(w, &__c2t_base[__c2t_k]);
        }
        __c2t_left &= ~__c2t_same;
    }
}

inline uint64_t __c2t_warp_op(uint8_t __c2t_op, uint32_t __c2t_mask, uint64_t __c2t_val, int32_t __c2t_arg, int32_t __c2t_width,
                        const c2t::__c2t_srcloc& __c2t_loc, int32_t* __c2t_pred_out = nullptr) {
    __c2t_Fiber* __c2t_f = __c2t_rt.__c2t_cur;
    if (C2T_UNLIKELY(__c2t_rt.__c2t_mode != 2 || !__c2t_f)) __c2t_fast_path_violation(__c2t_wop_name(__c2t_op), __c2t_loc);
    const uint32_t __c2t_wi = __c2t_f->__c2t_warp;
    __c2t_Warp& w = __c2t_rt.__c2t_warps[__c2t_wi];
    __c2t_f->__c2t_state = __c2t_ST_WARP;
    __c2t_f->__c2t_wop = __c2t_op;
    __c2t_f->__c2t_wmask = (__c2t_op == __c2t_W_ACTIVEMASK) ? (1u << __c2t_f->__c2t_lane) : (__c2t_mask | (1u << __c2t_f->__c2t_lane));
    __c2t_f->__c2t_wval = __c2t_val;
    __c2t_f->__c2t_warg = __c2t_arg;
    __c2t_f->__c2t_wwidth = __c2t_width;
    __c2t_f->__c2t_wsite = __c2t_loc;
    w.__c2t_waiting |= 1u << __c2t_f->__c2t_lane;
    w.__c2t_runnable--;
    if (__c2t_op == __c2t_W_ACTIVEMASK) w.__c2t_pending_am++;
    else __c2t_try_complete(w, __c2t_wi, __c2t_f->__c2t_wmask);
    if (w.__c2t_runnable == 0 && w.__c2t_pending_am) __c2t_resolve_activemask(w, __c2t_wi);
    if (__c2t_f->__c2t_state != __c2t_ST_RUN) __c2t_yield_to_scheduler(__c2t_f);
    if (__c2t_pred_out) *__c2t_pred_out = __c2t_f->__c2t_wpred;
    return __c2t_f->__c2t_wres;
}

// ---------------------------------------------------------------------------
// Thread exit.
// ---------------------------------------------------------------------------
inline void __c2t_thread_exit(__c2t_Fiber* __c2t_f) {
    const uint32_t __c2t_wi = __c2t_f->__c2t_warp;
    __c2t_Warp& w = __c2t_rt.__c2t_warps[__c2t_wi];
    __c2t_f->__c2t_state = __c2t_ST_DONE;
    __c2t_rt.__c2t_done++;
    w.__c2t_exited |= 1u << __c2t_f->__c2t_lane;
    __c2t_lane_blocked(w, __c2t_wi);
    if (!__c2t_rt.__c2t_strict) {
        // Exited lanes no longer count: groups waiting for them may complete.
        uint32_t __c2t_masks_done = 0;
        __c2t_Fiber* __c2t_base = &__c2t_rt.__c2t_fibers[__c2t_wi * 32];
        for (uint32_t __c2t_m = w.__c2t_waiting; __c2t_m; __c2t_m &= __c2t_m - 1) {
            const int __c2t_l = __builtin_ctz(__c2t_m);
            if (__c2t_base[__c2t_l].__c2t_wop == __c2t_W_ACTIVEMASK || (__c2t_masks_done >> __c2t_l & 1u)) continue;
            const uint32_t __c2t_mk = __c2t_base[__c2t_l].__c2t_wmask;
            __c2t_try_complete(w, __c2t_wi, __c2t_mk);
            for (uint32_t __c2t_q = w.__c2t_waiting; __c2t_q; __c2t_q &= __c2t_q - 1) {
                const int __c2t_k = __builtin_ctz(__c2t_q);
                if (__c2t_base[__c2t_k].__c2t_wmask == __c2t_mk) __c2t_masks_done |= 1u << __c2t_k;
            }
        }
        if (__c2t_rt.__c2t_bar_waiting && __c2t_rt.__c2t_bar_waiting == __c2t_barrier_required()) __c2t_release_barrier();
    }
}

extern "C" C2T_HIDDEN inline void c2t_fiber_main(__c2t_Fiber* __c2t_f) {
    __c2t_rt.__c2t_invoke(__c2t_rt.__c2t_invoke_ctx);
    __c2t_thread_exit(__c2t_f);
    __c2t_switch_away(__c2t_f);
    __builtin_trap();  // a finished fiber is never resumed
}

// ---------------------------------------------------------------------------
// Diagnosis of a block in which no thread can run.
// ---------------------------------------------------------------------------
inline void __c2t_diagnose_stuck() {
    const uint32_t __c2t_n = __c2t_rt.__c2t_nthreads;
    __c2t_Buf __c2t_b;
    bool __c2t_any_bar = false, __c2t_any_warp = false;
    for (uint32_t __c2t_i = 0; __c2t_i < __c2t_n; ++__c2t_i) {
        __c2t_any_bar |= __c2t_rt.__c2t_fibers[__c2t_i].__c2t_state == __c2t_ST_BAR;
        __c2t_any_warp |= __c2t_rt.__c2t_fibers[__c2t_i].__c2t_state == __c2t_ST_WARP;
    }
    const bool __c2t_multi_dim = blockDim.y > 1 || blockDim.z > 1;
    __c2t_b.__c2t_add("%s divergence: block (%u,%u,%u): ", __c2t_any_bar ? "barrier" : "warp", blockIdx.x, blockIdx.y,
          blockIdx.z);
    bool __c2t_first = true;
    if (__c2t_rt.__c2t_done) {
        __c2t_b.__c2t_add("threads ");
        __c2t_add_ranges(__c2t_b, __c2t_n, [&](uint32_t __c2t_k) { return __c2t_rt.__c2t_fibers[__c2t_k].__c2t_state == __c2t_ST_DONE; });
        __c2t_b.__c2t_add(" exited while ");
        __c2t_first = false;
    }
    bool __c2t_listed[C2T_MAX_BLOCK_THREADS] = {};
    bool __c2t_firstg = true;
    for (uint32_t __c2t_i = 0; __c2t_i < __c2t_n; ++__c2t_i) {
        __c2t_Fiber* __c2t_g = &__c2t_rt.__c2t_fibers[__c2t_i];
        if (__c2t_listed[__c2t_i] || (__c2t_g->__c2t_state != __c2t_ST_BAR && __c2t_g->__c2t_state != __c2t_ST_WARP)) continue;
        auto __c2t_sel = [&](uint32_t __c2t_k) {
            __c2t_Fiber* __c2t_h = &__c2t_rt.__c2t_fibers[__c2t_k];
            if (__c2t_h->__c2t_state != __c2t_g->__c2t_state) return false;
            if (__c2t_g->__c2t_state == __c2t_ST_BAR) return __c2t_h->__c2t_bkind == __c2t_g->__c2t_bkind && __c2t_same_site(__c2t_h->__c2t_bsite, __c2t_g->__c2t_bsite);
            return __c2t_h->__c2t_wop == __c2t_g->__c2t_wop && __c2t_h->__c2t_wmask == __c2t_g->__c2t_wmask && __c2t_same_site(__c2t_h->__c2t_wsite, __c2t_g->__c2t_wsite);
        };
        __c2t_b.__c2t_add("%sthreads ", __c2t_firstg ? "" : "; ");
        __c2t_firstg = false;
        __c2t_add_ranges(__c2t_b, __c2t_n, __c2t_sel);
        for (uint32_t __c2t_k = 0; __c2t_k < __c2t_n; ++__c2t_k) if (__c2t_sel(__c2t_k)) __c2t_listed[__c2t_k] = true;
        if (__c2t_g->__c2t_state == __c2t_ST_BAR) {
            __c2t_b.__c2t_add(" wait at %s (%s:%u)", __c2t_bar_name(__c2t_g->__c2t_bkind), __c2t_g->__c2t_bsite.__c2t_file_name(), __c2t_g->__c2t_bsite.__c2t_line());
        } else {
            __c2t_b.__c2t_add(" wait at %s(mask 0x%08x) (%s:%u)", __c2t_wop_name(__c2t_g->__c2t_wop), __c2t_g->__c2t_wmask, __c2t_g->__c2t_wsite.__c2t_file_name(),
                  __c2t_g->__c2t_wsite.__c2t_line());
        }
    }
    (void)__c2t_first;
    if (!__c2t_rt.__c2t_strict) __c2t_b.__c2t_add(" [lenient mode]");
    else if (__c2t_rt.__c2t_done && __c2t_any_bar)
        __c2t_b.__c2t_add(" (strict mode: every thread of the block must reach each __syncthreads; "
              "barrier_mode='lenient' counts exited threads as arrived)");
    if (__c2t_multi_dim)
        __c2t_b.__c2t_add(" [thread ids are linear: x + y*blockDim.x + z*blockDim.x*blockDim.y; blockDim=(%u,%u,%u)]",
              blockDim.x, blockDim.y, blockDim.z);
    __c2t_fail(__c2t_any_bar ? C2T_ERR_BARRIER : C2T_ERR_WARP, "%s", __c2t_b.__c2t_data);
}

// ---------------------------------------------------------------------------
// Static shared memory registry (zeroed / poisoned at each block start).
// ---------------------------------------------------------------------------
inline void __c2t_init_region(volatile void* __c2t_p, size_t __c2t_n) {
    if (__c2t_rt.__c2t_shared_init == 1) std::memset(const_cast<void*>(__c2t_p), 0, __c2t_n);
    else if (__c2t_rt.__c2t_shared_init == 2) std::memset(const_cast<void*>(__c2t_p), 0xff, __c2t_n);
}

struct __c2t_SharedReg {
    __c2t_SharedReg(const volatile void* __c2t_p, size_t __c2t_n) {
        volatile void* __c2t_q = const_cast<volatile void*>(__c2t_p);
        for (size_t __c2t_i = 0; __c2t_i < __c2t_rt.__c2t_nregions; ++__c2t_i)
            if (__c2t_rt.__c2t_regions[__c2t_i].__c2t_p == __c2t_q) return;
        if (__c2t_rt.__c2t_nregions < sizeof(__c2t_rt.__c2t_regions) / sizeof(__c2t_rt.__c2t_regions[0])) __c2t_rt.__c2t_regions[__c2t_rt.__c2t_nregions++] = {__c2t_q, __c2t_n};
        // First execution of the declaration happens before any access by this
        // block, so it can be initialised like at a block start.
        if (__c2t_rt.__c2t_mode) __c2t_init_region(__c2t_q, __c2t_n);
    }
};

// `extern __shared__ T name[];` inside a function becomes
// `T (&name)[] = ::c2t::__c2t_DynSmemRef{};`.
struct __c2t_DynSmemRef {
    template <class __c2t_T>
    operator __c2t_T&() const { return *reinterpret_cast<__c2t_T*>(c2t_dyn_smem_buf); }
};

// ---------------------------------------------------------------------------
// Fiber stacks.
// ---------------------------------------------------------------------------
inline bool __c2t_ensure_stacks(uint32_t __c2t_n, size_t __c2t_stack_size) {
    __c2t_rt.__c2t_page = size_t(sysconf(_SC_PAGESIZE));
    const size_t __c2t_usable = (std::max<size_t>(__c2t_stack_size, 16384) + __c2t_rt.__c2t_page - 1) / __c2t_rt.__c2t_page * __c2t_rt.__c2t_page;
    if (__c2t_rt.__c2t_stacks && __c2t_rt.__c2t_stacks_n >= __c2t_n && __c2t_rt.__c2t_stack_usable == __c2t_usable) return true;
    if (__c2t_rt.__c2t_stacks) munmap(__c2t_rt.__c2t_stacks, __c2t_rt.__c2t_stacks_n * __c2t_rt.__c2t_stack_stride);
    __c2t_rt.__c2t_stacks = nullptr;
    const size_t __c2t_stride = __c2t_usable + __c2t_rt.__c2t_page;
    void* __c2t_mem = mmap(nullptr, __c2t_n * __c2t_stride, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (__c2t_mem == MAP_FAILED) return false;
    __c2t_rt.__c2t_stacks = static_cast<char*>(__c2t_mem);
    for (uint32_t __c2t_i = 0; __c2t_i < __c2t_n; ++__c2t_i) mprotect(__c2t_rt.__c2t_stacks + __c2t_i * __c2t_stride, __c2t_rt.__c2t_page, PROT_NONE);  // guard
    __c2t_rt.__c2t_stacks_n = __c2t_n;
    __c2t_rt.__c2t_stack_stride = __c2t_stride;
    __c2t_rt.__c2t_stack_usable = __c2t_usable;
    return true;
}

// ---------------------------------------------------------------------------
// Running blocks.
// ---------------------------------------------------------------------------
inline bool __c2t_deadline_passed() {
    const double __c2t_d = __c2t_rt.__c2t_opts->__c2t_deadline;
    return __c2t_d > 0 && __c2t_now_seconds() > __c2t_d;
}

inline void __c2t_timeout_error() {
    __c2t_fail(C2T_ERR_TIMEOUT, "kernel exceeded its time limit in block (%u,%u,%u)", blockIdx.x, blockIdx.y,
         blockIdx.z);
}

inline void __c2t_init_block_memory() {
    for (size_t __c2t_i = 0; __c2t_i < __c2t_rt.__c2t_nregions; ++__c2t_i) __c2t_init_region(__c2t_rt.__c2t_regions[__c2t_i].__c2t_p, __c2t_rt.__c2t_regions[__c2t_i].__c2t_n);
    if (__c2t_rt.__c2t_dyn_smem) __c2t_init_region(c2t_dyn_smem_buf, __c2t_rt.__c2t_dyn_smem);
}

inline int __c2t_run_block_fibers() {
    const uint32_t __c2t_n = __c2t_rt.__c2t_nthreads;
    const uint32_t __c2t_bx = blockDim.x, __c2t_by = blockDim.y;
    for (uint32_t __c2t_i = 0; __c2t_i < __c2t_n; ++__c2t_i) {
        __c2t_Fiber* __c2t_f = &__c2t_rt.__c2t_fibers[__c2t_i];
        __c2t_f->__c2t_tid = uint3{__c2t_i % __c2t_bx, (__c2t_i / __c2t_bx) % __c2t_by, __c2t_i / (__c2t_bx * __c2t_by)};
        __c2t_f->__c2t_linear = __c2t_i;
        __c2t_f->__c2t_lane = __c2t_i & 31;
        __c2t_f->__c2t_warp = __c2t_i >> 5;
        __c2t_f->__c2t_state = __c2t_ST_RUN;
        __c2t_f->__c2t_wres = 0;
        __c2t_f->__c2t_bres = 0;
        __c2t_ctx_init(&__c2t_f->__c2t_ctx, __c2t_rt.__c2t_stacks + size_t(__c2t_i) * __c2t_rt.__c2t_stack_stride + __c2t_rt.__c2t_page, __c2t_rt.__c2t_stack_usable, __c2t_f);
    }
    for (uint32_t __c2t_wi = 0; __c2t_wi < __c2t_rt.__c2t_nwarps; ++__c2t_wi) {
        const uint32_t __c2t_lanes = std::min<uint32_t>(32, __c2t_n - __c2t_wi * 32);
        __c2t_Warp& w = __c2t_rt.__c2t_warps[__c2t_wi];
        w.__c2t_exists = __c2t_lanes == 32 ? 0xffffffffu : ((1u << __c2t_lanes) - 1);
        w.__c2t_exited = 0;
        w.__c2t_waiting = 0;
        w.__c2t_runnable = __c2t_lanes;
        w.__c2t_pending_am = 0;
    }
    __c2t_rt.__c2t_done = 0;
    __c2t_rt.__c2t_bar_waiting = 0;
    __c2t_rt.__c2t_bar_count = 0;
    __c2t_rt.__c2t_bar_mismatch = false;
    __c2t_rt.__c2t_mode = 2;
    __c2t_rt.__c2t_cur = &__c2t_rt.__c2t_fibers[0];
    threadIdx = __c2t_rt.__c2t_fibers[0].__c2t_tid;
    __c2t_ctx_switch(&__c2t_rt.__c2t_sched, &__c2t_rt.__c2t_fibers[0].__c2t_ctx);
    // back here: the block finished, cannot progress, or failed
    __c2t_rt.__c2t_cur = nullptr;
    if (__c2t_rt.__c2t_error) return __c2t_rt.__c2t_error;
    if (__c2t_rt.__c2t_done == __c2t_n) return 0;
    __c2t_diagnose_stuck();
    return __c2t_rt.__c2t_error;
}

struct __c2t_LaunchDesc {
    dim3 __c2t_grid, __c2t_block;
    size_t __c2t_smem;
    bool __c2t_fast;
    void (*__c2t_invoke)(void*);      // runs one CUDA thread (fiber path)
    void (*__c2t_fast_block)(void*);  // runs all threads of a block (fast path)
    void* __c2t_ctx;
};

inline int __c2t_validate_config(const __c2t_LaunchDesc& __c2t_d) {
    const dim3 __c2t_g = __c2t_d.__c2t_grid, __c2t_b = __c2t_d.__c2t_block;
    if (!__c2t_g.x || !__c2t_g.y || !__c2t_g.z || !__c2t_b.x || !__c2t_b.y || !__c2t_b.z) {
        __c2t_fail(C2T_ERR_CONFIG, "invalid configuration: grid (%u,%u,%u) / block (%u,%u,%u) has a zero dimension",
             __c2t_g.x, __c2t_g.y, __c2t_g.z, __c2t_b.x, __c2t_b.y, __c2t_b.z);
        return __c2t_rt.__c2t_error;
    }
    const uint64_t __c2t_threads = uint64_t(__c2t_b.x) * __c2t_b.y * __c2t_b.z;
    if (__c2t_threads > C2T_MAX_BLOCK_THREADS || __c2t_b.x > 1024 || __c2t_b.y > 1024 || __c2t_b.z > 64) {
        __c2t_fail(C2T_ERR_CONFIG,
             "invalid configuration: block (%u,%u,%u) exceeds CUDA limits (<= 1024 threads, "
             "x,y <= 1024, z <= 64)", __c2t_b.x, __c2t_b.y, __c2t_b.z);
        return __c2t_rt.__c2t_error;
    }
    if (__c2t_g.x > 2147483647u || __c2t_g.y > 65535u || __c2t_g.z > 65535u) {
        __c2t_fail(C2T_ERR_CONFIG, "invalid configuration: grid (%u,%u,%u) exceeds CUDA limits", __c2t_g.x, __c2t_g.y, __c2t_g.z);
        return __c2t_rt.__c2t_error;
    }
    if (__c2t_d.__c2t_smem > C2T_MAX_DYN_SMEM) {
        __c2t_fail(C2T_ERR_CONFIG, "dynamic shared memory of %zu bytes exceeds the runtime's buffer (%u bytes; "
             "rebuild with -DC2T_MAX_DYN_SMEM=...)", __c2t_d.__c2t_smem, unsigned(C2T_MAX_DYN_SMEM));
        return __c2t_rt.__c2t_error;
    }
    return 0;
}

inline int __c2t_run_launch(const __c2t_LaunchDesc& __c2t_d, c2t_launch_opts* __c2t_opts) {
    if (__c2t_rt.__c2t_mode != 0) {
        __c2t_fail(C2T_ERR_UNSUPPORTED, "nested kernel launch (dynamic parallelism) is not supported");
        return __c2t_rt.__c2t_error;
    }
    if (!__c2t_opts) __c2t_opts = &__c2t_default_opts;
    __c2t_rt.__c2t_opts = __c2t_opts;
    __c2t_rt.__c2t_error = 0;
    __c2t_opts->__c2t_msg[0] = 0;
    __c2t_opts->__c2t_status = 0;
    if (int __c2t_e = __c2t_validate_config(__c2t_d)) { __c2t_opts->__c2t_status = __c2t_e; return __c2t_e; }
    __c2t_rt.__c2t_strict = __c2t_opts->__c2t_barrier_mode == 0;
    __c2t_rt.__c2t_shared_init = __c2t_opts->__c2t_shared_init;
    __c2t_rt.__c2t_dyn_smem = __c2t_d.__c2t_smem;
    gridDim = __c2t_d.__c2t_grid;
    blockDim = __c2t_d.__c2t_block;
    __c2t_rt.__c2t_nthreads = __c2t_d.__c2t_block.x * __c2t_d.__c2t_block.y * __c2t_d.__c2t_block.z;
    __c2t_rt.__c2t_nwarps = (__c2t_rt.__c2t_nthreads + 31) / 32;
    const bool __c2t_fast = __c2t_d.__c2t_fast && !__c2t_opts->__c2t_force_fibers;
    if (!__c2t_fast) {
        if (!__c2t_rt.__c2t_fibers) __c2t_rt.__c2t_fibers = new __c2t_Fiber[C2T_MAX_BLOCK_THREADS];
        const size_t __c2t_ss = __c2t_opts->__c2t_stack_size ? __c2t_opts->__c2t_stack_size : size_t(128) * 1024;
        if (!__c2t_ensure_stacks(__c2t_rt.__c2t_nthreads, __c2t_ss)) {
            __c2t_fail(C2T_ERR_INTERNAL, "cannot allocate %u fiber stacks of %zu bytes", __c2t_rt.__c2t_nthreads, __c2t_ss);
            __c2t_opts->__c2t_status = __c2t_rt.__c2t_error;
            return __c2t_rt.__c2t_error;
        }
    }
    __c2t_rt.__c2t_invoke = __c2t_d.__c2t_invoke;
    __c2t_rt.__c2t_invoke_ctx = __c2t_d.__c2t_ctx;
    const uint64_t __c2t_nblocks = uint64_t(__c2t_d.__c2t_grid.x) * __c2t_d.__c2t_grid.y * __c2t_d.__c2t_grid.z;
    __c2t_opts->__c2t_n_blocks = int64_t(__c2t_nblocks);
    int __c2t_rc = 0;
    uint64_t __c2t_bl = 0;
    if (__c2t_fast && setjmp(__c2t_rt.__c2t_fast_jmp)) {
        __c2t_rc = __c2t_rt.__c2t_error;
    } else {
        for (; __c2t_bl < __c2t_nblocks; ++__c2t_bl) {
            __c2t_opts->__c2t_cur_block = int64_t(__c2t_bl);
            blockIdx = uint3{unsigned(__c2t_bl % __c2t_d.__c2t_grid.x), unsigned((__c2t_bl / __c2t_d.__c2t_grid.x) % __c2t_d.__c2t_grid.y),
                             unsigned(__c2t_bl / (uint64_t(__c2t_d.__c2t_grid.x) * __c2t_d.__c2t_grid.y))};
            __c2t_init_block_memory();
            if (__c2t_fast) {
                __c2t_rt.__c2t_mode = 1;
                __c2t_rt.__c2t_cur = nullptr;
                __c2t_d.__c2t_fast_block(__c2t_d.__c2t_ctx);
                if (C2T_UNLIKELY(__c2t_opts->__c2t_deadline > 0) && __c2t_deadline_passed()) {
                    __c2t_timeout_error();
                    __c2t_rc = __c2t_rt.__c2t_error;
                    break;
                }
            } else {
                __c2t_rc = __c2t_run_block_fibers();
                if (__c2t_rc) break;
            }
        }
    }
    __c2t_rt.__c2t_mode = 0;
    __c2t_rt.__c2t_cur = nullptr;
    std::fflush(stdout);
    __c2t_opts->__c2t_status = __c2t_rc;
    return __c2t_rc;
}

// ---------------------------------------------------------------------------
// Typed entry points used by the generated launch stubs.
// ---------------------------------------------------------------------------
template <class __c2t_F> struct __c2t_fn_traits;
template <class... __c2t_Ps> struct __c2t_fn_traits<void (*)(__c2t_Ps...)> {
    using tuple = std::tuple<std::remove_cv_t<std::remove_reference_t<__c2t_Ps>>...>;
    static constexpr size_t __c2t_arity = sizeof...(__c2t_Ps);
};
template <class... __c2t_Ps> struct __c2t_fn_traits<void (*)(__c2t_Ps...) noexcept> : __c2t_fn_traits<void (*)(__c2t_Ps...)> {};

template <class __c2t_Tup, size_t... __c2t_I>
inline __c2t_Tup __c2t_unpack_args(void** __c2t_args, std::index_sequence<__c2t_I...>) {
    return __c2t_Tup{*static_cast<std::tuple_element_t<__c2t_I, __c2t_Tup>*>(__c2t_args[__c2t_I])...};
}

template <auto __c2t_K, class __c2t_Tup> void __c2t_invoke_thread(void* __c2t_ctx) { std::apply(__c2t_K, *static_cast<__c2t_Tup*>(__c2t_ctx)); }

template <auto __c2t_K, class __c2t_Tup> void __c2t_fast_block(void* __c2t_ctx) {
    __c2t_Tup& __c2t_t = *static_cast<__c2t_Tup*>(__c2t_ctx);
    const unsigned __c2t_bx = blockDim.x, __c2t_by = blockDim.y, __c2t_bz = blockDim.z;
    for (unsigned z = 0; z < __c2t_bz; ++z)
        for (unsigned y = 0; y < __c2t_by; ++y)
            for (unsigned x = 0; x < __c2t_bx; ++x) {
                threadIdx = uint3{x, y, z};
                std::apply(__c2t_K, __c2t_t);
            }
}

template <auto __c2t_K>
inline int __c2t_launch_kernel(const c2t_dim3* __c2t_grid, const c2t_dim3* __c2t_block, unsigned long long __c2t_smem, void** __c2t_args,
                         c2t_launch_opts* __c2t_opts, bool __c2t_fast) {
    using __c2t_traits = __c2t_fn_traits<decltype(__c2t_K)>;
    using __c2t_Tup = typename __c2t_traits::tuple;
    __c2t_Tup __c2t_tup = __c2t_unpack_args<__c2t_Tup>(__c2t_args, std::make_index_sequence<__c2t_traits::__c2t_arity>{});
    __c2t_LaunchDesc __c2t_d{dim3(__c2t_grid->x, __c2t_grid->y, __c2t_grid->z), dim3(__c2t_block->x, __c2t_block->y, __c2t_block->z), size_t(__c2t_smem), __c2t_fast,
                 &__c2t_invoke_thread<__c2t_K, __c2t_Tup>, &__c2t_fast_block<__c2t_K, __c2t_Tup>, &__c2t_tup};
    return __c2t_run_launch(__c2t_d, __c2t_opts);
}

// Kernel signature description for the Python side:
//   "<P|S>:<kind>:<size>:<type name>;" per parameter.
// P = pointer (kind/size/name describe the pointee), S = by value.
// kind: f float, i signed int, u unsigned int, b bool, h __half, B bfloat16,
//       p pointer, v void, o other (struct / vector type).
template <class __c2t_T> constexpr const char* __c2t_pretty_name() { return __PRETTY_FUNCTION__; }
template <class __c2t_T> struct __c2t_kind_of;  // specialised in c2t_fp16.h for the 16-bit floats
template <class __c2t_T, class = void> struct __c2t_has_kind { static constexpr bool __c2t_value = false; };
template <class __c2t_T>
struct __c2t_has_kind<__c2t_T, std::void_t<decltype(__c2t_kind_of<__c2t_T>::__c2t_value)>> {
    static constexpr bool __c2t_value = true;
};

template <class __c2t_T> inline char __c2t_type_kind() {
    using __c2t_U = std::remove_cv_t<__c2t_T>;
    if constexpr (std::is_void_v<__c2t_U>) return 'v';
    else if constexpr (std::is_same_v<__c2t_U, bool>) return 'b';
    else if constexpr (std::is_floating_point_v<__c2t_U>) return 'f';
    else if constexpr (std::is_integral_v<__c2t_U>) return std::is_signed_v<__c2t_U> ? 'i' : 'u';
    else if constexpr (std::is_enum_v<__c2t_U>) return std::is_signed_v<std::underlying_type_t<__c2t_U>> ? 'i' : 'u';
    else if constexpr (std::is_pointer_v<__c2t_U>) return 'p';
    else if constexpr (__c2t_has_kind<__c2t_U>::__c2t_value) return __c2t_kind_of<__c2t_U>::__c2t_value;
    else return 'o';
}

template <class __c2t_T> inline void __c2t_describe_one(__c2t_Buf& __c2t_b) {
    using __c2t_U = std::remove_cv_t<__c2t_T>;
    const char* __c2t_pn;
    size_t __c2t_size;
    char __c2t_kind;
    char __c2t_tag;
    if constexpr (std::is_pointer_v<__c2t_U>) {
        using __c2t_E = std::remove_cv_t<std::remove_pointer_t<__c2t_U>>;
        __c2t_tag = 'P';
        __c2t_kind = __c2t_type_kind<__c2t_E>();
        if constexpr (std::is_void_v<__c2t_E> || std::is_function_v<__c2t_E>) __c2t_size = 0;
        else __c2t_size = sizeof(__c2t_E);
        __c2t_pn = __c2t_pretty_name<std::remove_pointer_t<__c2t_U>>();
    } else {
        __c2t_tag = 'S';
        __c2t_kind = __c2t_type_kind<__c2t_U>();
        __c2t_size = sizeof(__c2t_U);
        __c2t_pn = __c2t_pretty_name<__c2t_U>();
    }
    // __PRETTY_FUNCTION__: "... __c2t_pretty_name() [with __c2t_T = NAME]"
    const char* __c2t_s = std::strstr(__c2t_pn, "__c2t_T = ");
    __c2t_s = __c2t_s ? __c2t_s + 10 : __c2t_pn;
    size_t __c2t_len = std::strlen(__c2t_s);
    if (__c2t_len && __c2t_s[__c2t_len - 1] == ']') --__c2t_len;
    __c2t_b.__c2t_add("%c:%c:%zu:%.*s;", __c2t_tag, __c2t_kind, __c2t_size, int(__c2t_len), __c2t_s);
}

template <class __c2t_Tup, size_t... __c2t_I> inline void __c2t_describe_all(__c2t_Buf& __c2t_b, std::index_sequence<__c2t_I...>) {
    (__c2t_describe_one<std::tuple_element_t<__c2t_I, __c2t_Tup>>(__c2t_b), ...);
}

template <auto __c2t_K> inline const char* __c2t_kernel_signature() {
    using __c2t_traits = __c2t_fn_traits<decltype(__c2t_K)>;
    static __c2t_Buf __c2t_b;
    if (!__c2t_b.__c2t_n) {
        __c2t_b.__c2t_add("#");  // non-empty marker even for kernels without parameters
        __c2t_describe_all<typename __c2t_traits::tuple>(__c2t_b, std::make_index_sequence<__c2t_traits::__c2t_arity>{});
    }
    return __c2t_b.__c2t_data;
}

// ---------------------------------------------------------------------------
// Crash reporting inside an isolated (forked) launch.
// ---------------------------------------------------------------------------
inline void __c2t_crash_handler(int __c2t_sig, siginfo_t* __c2t_info, void*) {
    c2t_launch_opts* __c2t_o = __c2t_rt.__c2t_opts ? __c2t_rt.__c2t_opts : &__c2t_default_opts;
    __c2t_o->__c2t_signal = __c2t_sig;
    __c2t_o->__c2t_fault_addr = reinterpret_cast<uint64_t>(__c2t_info ? __c2t_info->si_addr : nullptr);
    const char* __c2t_what = __c2t_sig == SIGSEGV ? "SIGSEGV (invalid memory access)"
                     : __c2t_sig == SIGBUS ? "SIGBUS (misaligned or invalid memory access)"
                     : __c2t_sig == SIGFPE ? "SIGFPE (integer division by zero or overflow)"
                     : __c2t_sig == SIGILL ? "SIGILL (__trap() or illegal instruction)"
                     : __c2t_sig == SIGABRT ? "SIGABRT (assert() failed or abort())"
                     : "signal";
    char __c2t_extra[256] = "";
    if ((__c2t_sig == SIGSEGV || __c2t_sig == SIGBUS) && __c2t_rt.__c2t_stacks && __c2t_info) {
        const char* __c2t_a = static_cast<const char*>(__c2t_info->si_addr);
        if (__c2t_a >= __c2t_rt.__c2t_stacks && __c2t_a < __c2t_rt.__c2t_stacks + __c2t_rt.__c2t_stacks_n * __c2t_rt.__c2t_stack_stride) {
            const size_t __c2t_off = size_t(__c2t_a - __c2t_rt.__c2t_stacks) % __c2t_rt.__c2t_stack_stride;
            if (__c2t_off < __c2t_rt.__c2t_page)
                snprintf(__c2t_extra, sizeof __c2t_extra,
                         "; the address is in a fiber stack guard page: stack overflow (stack_size=%zu bytes, "
                         "raise it with launch(..., stack_size=...))", __c2t_rt.__c2t_stack_usable);
        }
    }
    if (__c2t_rt.__c2t_mode == 0)
        snprintf(__c2t_o->__c2t_msg, sizeof(__c2t_o->__c2t_msg), "%s at address %p outside a kernel%s", __c2t_what,
                 __c2t_info ? __c2t_info->si_addr : nullptr, __c2t_extra);
    else
        snprintf(__c2t_o->__c2t_msg, sizeof(__c2t_o->__c2t_msg), "%s at address %p in block (%u,%u,%u), thread (%u,%u,%u)%s", __c2t_what,
                 __c2t_info ? __c2t_info->si_addr : nullptr, blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y,
                 threadIdx.z, __c2t_extra);
    std::fflush(stdout);
    signal(__c2t_sig, SIG_DFL);
    raise(__c2t_sig);
}

}  // namespace c2t

// Exported helpers for the Python side.
extern "C" __attribute__((__visibility__("default"), __used__)) inline int c2t_rt_abi_version() { return C2T_ABI_VERSION; }
extern "C" __attribute__((__visibility__("default"), __used__)) inline int c2t_rt_install_crash_handler(c2t_launch_opts* __c2t_o) {
    c2t::__c2t_rt.__c2t_opts = __c2t_o;
    static char __c2t_altstack[1 << 16];
    stack_t __c2t_ss{};
    __c2t_ss.ss_sp = __c2t_altstack;
    __c2t_ss.ss_size = sizeof __c2t_altstack;
    sigaltstack(&__c2t_ss, nullptr);
    struct sigaction __c2t_sa {};
    __c2t_sa.sa_sigaction = &c2t::__c2t_crash_handler;
    __c2t_sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&__c2t_sa.sa_mask);
    for (int __c2t_s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(__c2t_s, &__c2t_sa, nullptr);
    return 0;
}
extern "C" __attribute__((__visibility__("default"), __used__)) inline size_t c2t_rt_max_dyn_smem() { return C2T_MAX_DYN_SMEM; }
// Forget launch state inherited through fork() from a thread that was inside a launch.
extern "C" __attribute__((__visibility__("default"), __used__)) inline void c2t_rt_reset() {
    c2t::__c2t_rt.__c2t_mode = 0;
    c2t::__c2t_rt.__c2t_cur = nullptr;
    c2t::__c2t_rt.__c2t_error = 0;
}
