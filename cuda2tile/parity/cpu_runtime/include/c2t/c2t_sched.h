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
    uint32_t abi_version;
    uint32_t barrier_mode;   // 0 = strict, 1 = lenient
    uint32_t shared_init;    // 0 = keep, 1 = zero, 2 = poison (0xFF bytes)
    uint32_t force_fibers;   // 1 = ignore the fast path
    uint64_t stack_size;     // bytes per fiber stack (0 = default)
    double deadline;         // CLOCK_MONOTONIC seconds; 0 = none
    volatile int64_t cur_block;   // linear index of the block being run
    volatile int64_t n_blocks;
    volatile int32_t status;      // return code, written at the end
    volatile int32_t signal;      // crash signal, written by the handler
    volatile uint64_t fault_addr;
    char msg[4096];
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
struct Fiber;
extern "C" C2T_HIDDEN void c2t_fiber_main(Fiber* f);

#if C2T_ASM_FIBERS
extern "C" C2T_HIDDEN void c2t_swap_context(void** save_sp, void* new_sp);
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

struct Ctx { void* sp = nullptr; };
inline void ctx_switch(Ctx* from, Ctx* to) { c2t_swap_context(&from->sp, to->sp); }
inline void ctx_init(Ctx* c, char* stack_lo, size_t size, Fiber* f) {
    uint64_t* top = reinterpret_cast<uint64_t*>(
        (reinterpret_cast<uintptr_t>(stack_lo) + size) & ~uintptr_t(15));
    uint64_t* sp = top - 8;
    sp[0] = 0;                                                  // rbp
    sp[1] = 0;                                                  // rbx
    sp[2] = reinterpret_cast<uint64_t>(f);                      // r12 -> rdi
    sp[3] = reinterpret_cast<uint64_t>(&c2t_fiber_main);        // r13 -> call target
    sp[4] = 0;                                                  // r14
    sp[5] = 0;                                                  // r15
    sp[6] = reinterpret_cast<uint64_t>(&c2t_fiber_trampoline);  // rip
    sp[7] = 0;
    c->sp = sp;
}
#else
struct Ctx { ucontext_t uc; };
inline void ucontext_entry(unsigned hi, unsigned lo) {
    c2t_fiber_main(reinterpret_cast<Fiber*>((uintptr_t(hi) << 32) | uintptr_t(lo)));
}
inline void ctx_switch(Ctx* from, Ctx* to) { swapcontext(&from->uc, &to->uc); }
inline void ctx_init(Ctx* c, char* stack_lo, size_t size, Fiber* f) {
    // getcontext() makes a system call: take it once and copy the template.
    static ucontext_t tmpl;
    static bool have_tmpl = false;
    if (!have_tmpl) { getcontext(&tmpl); have_tmpl = true; }
    c->uc = tmpl;
    c->uc.uc_stack.ss_sp = stack_lo;
    c->uc.uc_stack.ss_size = size;
    c->uc.uc_link = nullptr;
    uintptr_t p = reinterpret_cast<uintptr_t>(f);
    makecontext(&c->uc, reinterpret_cast<void (*)()>(&ucontext_entry), 2,
                unsigned(p >> 32), unsigned(p & 0xffffffffu));
}
#endif

// ---------------------------------------------------------------------------
// Scheduler state.
// ---------------------------------------------------------------------------
enum : uint8_t { ST_RUN = 0, ST_BAR = 1, ST_WARP = 2, ST_DONE = 3 };

enum WOp : uint8_t {
    W_SYNC, W_SHFL_IDX, W_SHFL_UP, W_SHFL_DOWN, W_SHFL_XOR, W_BALLOT, W_ANY, W_ALL,
    W_MATCH_ANY, W_MATCH_ALL, W_RED_ADD, W_RED_MIN_I, W_RED_MAX_I, W_RED_MIN_U, W_RED_MAX_U,
    W_RED_AND, W_RED_OR, W_RED_XOR, W_ACTIVEMASK,
};
inline const char* wop_name(int op) {
    static const char* const names[] = {
        "__syncwarp", "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
        "__ballot_sync", "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync",
        "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_min_sync",
        "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
        "__activemask"};
    return (op >= 0 && op <= W_ACTIVEMASK) ? names[op] : "warp op";
}
enum : uint8_t { B_SYNC = 0, B_COUNT = 1, B_AND = 2, B_OR = 3 };
inline const char* bar_name(int k) {
    static const char* const names[] = {"__syncthreads()", "__syncthreads_count()",
                                        "__syncthreads_and()", "__syncthreads_or()"};
    return names[k & 3];
}

struct Fiber {
    Ctx ctx;
    uint3 tid;
    uint32_t linear, lane, warp;
    uint8_t state, wop, bkind;
    uint32_t wmask;
    int32_t warg, wwidth;
    uint64_t wval, wres;
    int32_t wpred;
    int32_t bpred, bres;
    std::source_location bsite, wsite;
};

struct Warp {
    uint32_t exists;    // lanes that exist in this block
    uint32_t exited;    // lanes that finished
    uint32_t waiting;   // lanes blocked in a warp operation
    uint32_t runnable;  // number of lanes that can run
    uint32_t pending_am;
};

struct SharedRegion { volatile void* p; size_t n; };

struct Runtime {
    c2t_launch_opts* opts = nullptr;
    bool strict = true;
    int mode = 0;            // 0 = host (no launch), 1 = fast path, 2 = fibers
    Fiber* fibers = nullptr;
    Warp warps[C2T_MAX_BLOCK_THREADS / 32];
    uint32_t nthreads = 0, nwarps = 0;
    char* stacks = nullptr;
    size_t stack_stride = 0, stack_usable = 0, stacks_n = 0, page = 4096;
    Ctx sched;
    Fiber* cur = nullptr;
    uint32_t done = 0, bar_waiting = 0;
    int bar_count = 0;          // arrivals with a true predicate
    bool bar_mismatch = false;  // arrivals at different barriers (site or kind)
    uint8_t bar_kind = 0;
    std::source_location bar_site;
    int error = 0;
    void (*invoke)(void*) = nullptr;
    void* invoke_ctx = nullptr;
    jmp_buf fast_jmp;
    SharedRegion regions[4096];
    size_t nregions = 0;
    size_t dyn_smem = 0;
    uint32_t shared_init = 1;
};
C2T_HIDDEN inline Runtime rt;
C2T_HIDDEN inline c2t_launch_opts default_opts{};

inline double now_seconds() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// ---------------------------------------------------------------------------
// Error reporting.
// ---------------------------------------------------------------------------
__attribute__((format(printf, 2, 3))) inline void fail(int code, const char* fmt, ...) {
    if (rt.error) return;  // first error wins
    rt.error = code;
    c2t_launch_opts* o = rt.opts ? rt.opts : &default_opts;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->msg, sizeof(o->msg), fmt, ap);
    va_end(ap);
}

struct Buf {
    char data[3072];
    size_t n = 0;
    __attribute__((format(printf, 2, 3))) void add(const char* fmt, ...) {
        if (n >= sizeof(data) - 1) return;
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(data + n, sizeof(data) - n, fmt, ap);
        va_end(ap);
        if (k > 0) n = std::min(sizeof(data) - 1, n + size_t(k));
    }
};

// Appends "0-31, 64, 70-71" for the selected items (sel[i] true), `base` added.
template <class Pred>
inline void add_ranges(Buf& b, uint32_t count, Pred sel, uint32_t base = 0) {
    bool first = true;
    uint32_t i = 0;
    int shown = 0;
    while (i < count) {
        if (!sel(i)) { ++i; continue; }
        uint32_t j = i;
        while (j + 1 < count && sel(j + 1)) ++j;
        if (shown == 12) { b.add(", ..."); return; }
        if (i == j) b.add("%s%u", first ? "" : ", ", i + base);
        else b.add("%s%u-%u", first ? "" : ", ", i + base, j + base);
        first = false;
        ++shown;
        i = j + 1;
    }
}

inline bool same_site(const std::source_location& a, const std::source_location& b) {
    return a.line() == b.line() && a.column() == b.column() &&
           (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

[[noreturn]] inline void fast_path_violation(const char* what, const std::source_location& loc) {
    if (rt.mode == 1) {
        fail(C2T_ERR_FASTPATH,
             "%s (%s:%u) was called in a kernel that runs on the fast path (no fibers); "
             "build the kernel with fast_path=False (KernelSig) or launch with force_fibers=True",
             what, loc.file_name(), loc.line());
        longjmp(rt.fast_jmp, 1);
    }
    std::fprintf(stderr, "cuda2tile cpu runtime: %s (%s:%u) called outside a kernel launch\n", what,
                 loc.file_name(), loc.line());
    std::abort();
}

// ---------------------------------------------------------------------------
// Switching.  A fiber that blocks, yields or exits switches directly to the
// next runnable fiber of the block (round-robin by linear thread id); the
// scheduler context only regains control when the block has finished, when no
// fiber can run (divergence / deadlock), on an error or on a timeout.
// ---------------------------------------------------------------------------
inline bool deadline_passed();
inline void timeout_error();

inline Fiber* next_runnable(uint32_t from) {
    Fiber* fs = rt.fibers;
    const uint32_t n = rt.nthreads;
    for (uint32_t k = from + 1; k < n; ++k)
        if (fs[k].state == ST_RUN) return &fs[k];
    // wrapped around: one scheduling round is over
    if (C2T_UNLIKELY(rt.opts->deadline > 0) && deadline_passed()) {
        timeout_error();
        return nullptr;
    }
    for (uint32_t k = 0; k <= from && k < n; ++k)
        if (fs[k].state == ST_RUN) return &fs[k];
    return nullptr;
}

// Leave the current fiber `f` (blocked, exited or yielding).
inline void switch_away(Fiber* f) {
    __asm__ volatile("" ::: "memory");
    Fiber* nx = rt.error ? nullptr : next_runnable(f->linear);
    if (nx == f) return;  // yielding, and nothing else can run
    if (!nx) {
        rt.cur = nullptr;
        ctx_switch(&f->ctx, &rt.sched);
    } else {
        rt.cur = nx;
        threadIdx = nx->tid;
        ctx_switch(&f->ctx, &nx->ctx);
    }
    __asm__ volatile("" ::: "memory");
}

inline void yield_to_scheduler(Fiber* f) { switch_away(f); }

// A runnable fiber gives the others a chance to run (spin loops).
inline void yield_now() {
    if (rt.mode == 2 && rt.cur) switch_away(rt.cur);
}

inline void release_barrier();
inline void resolve_activemask(Warp& w, uint32_t warp_index);
inline void try_complete(Warp& w, uint32_t warp_index, uint32_t mask);

inline void lane_blocked(Warp& w, uint32_t warp_index) {
    if (--w.runnable == 0 && w.pending_am) resolve_activemask(w, warp_index);
}

inline void release_lane(Warp& w, Fiber* f) {
    f->state = ST_RUN;
    w.runnable++;
}

// ---------------------------------------------------------------------------
// Block barrier.
// ---------------------------------------------------------------------------
inline uint32_t barrier_required() { return rt.strict ? rt.nthreads : rt.nthreads - rt.done; }

inline void report_barrier_mismatch() {
    const uint32_t n = rt.nthreads;
    Buf b;
    b.add("barrier divergence: block (%u,%u,%u): threads wait at different barriers: ", blockIdx.x,
          blockIdx.y, blockIdx.z);
    bool listed[C2T_MAX_BLOCK_THREADS] = {};
    bool firstg = true;
    for (uint32_t i = 0; i < n; ++i) {
        Fiber* g = &rt.fibers[i];
        if (g->state != ST_BAR || listed[i]) continue;
        b.add("%sthreads ", firstg ? "" : "; ");
        firstg = false;
        auto sel = [&](uint32_t k) {
            Fiber* h = &rt.fibers[k];
            return h->state == ST_BAR && h->bkind == g->bkind && same_site(h->bsite, g->bsite);
        };
        add_ranges(b, n, sel);
        for (uint32_t k = 0; k < n; ++k) if (sel(k)) listed[k] = true;
        b.add(" at %s (%s:%u)", bar_name(g->bkind), g->bsite.file_name(), g->bsite.line());
    }
    fail(C2T_ERR_BARRIER, "%s", b.data);
}

inline void release_barrier() {
    if (rt.bar_mismatch && rt.strict) {
        report_barrier_mismatch();
        return;
    }
    const int count = rt.bar_count;
    const int waiting = int(rt.bar_waiting);
    const uint32_t n = rt.nthreads;
    Fiber* fs = rt.fibers;
    for (uint32_t i = 0; i < n; ++i) {
        Fiber* f = &fs[i];
        if (f->state != ST_BAR) continue;
        switch (f->bkind) {
            case B_COUNT: f->bres = count; break;
            case B_AND: f->bres = count == waiting; break;
            case B_OR: f->bres = count != 0; break;
            default: break;
        }
        f->state = ST_RUN;
    }
    for (uint32_t wi = 0; wi < rt.nwarps; ++wi) {
        // lanes that were at the barrier are runnable again
        Warp& w = rt.warps[wi];
        w.runnable = uint32_t(popc32(w.exists & ~w.exited & ~w.waiting));
    }
    rt.bar_waiting = 0;
    rt.bar_count = 0;
    rt.bar_mismatch = false;
}

inline int block_barrier(int kind, int pred, const std::source_location& loc) {
    Fiber* f = rt.cur;
    if (C2T_UNLIKELY(rt.mode != 2 || !f)) {
        if (rt.mode == 1 && rt.nthreads == 1) return pred != 0;  // a 1-thread block needs no fiber
        fast_path_violation(bar_name(kind), loc);
    }
    f->state = ST_BAR;
    f->bkind = uint8_t(kind);
    f->bpred = pred;
    f->bsite = loc;
    f->bres = 0;
    if (rt.bar_waiting == 0) {
        rt.bar_kind = uint8_t(kind);
        rt.bar_site = loc;
    } else if (rt.bar_kind != kind || !same_site(rt.bar_site, loc)) {
        rt.bar_mismatch = true;
    }
    rt.bar_count += pred != 0;
    rt.bar_waiting++;
    lane_blocked(rt.warps[f->warp], f->warp);
    if (rt.bar_waiting == barrier_required()) release_barrier();
    if (f->state != ST_RUN) yield_to_scheduler(f);
    return f->bres;
}

// ---------------------------------------------------------------------------
// Warp operations.
// ---------------------------------------------------------------------------
inline uint64_t shfl_source(const Fiber* f, uint32_t group, const Fiber* base) {
    const int lane = int(f->lane);
    int width = f->wwidth;
    if (width <= 0 || width > 32) width = 32;
    const int segmask = (32 - width) & 0x1f;
    const int cval = (f->wop == W_SHFL_UP) ? 0 : 0x1f;
    const int max_lane = (lane & segmask) | (cval & ~segmask);
    const int min_lane = lane & segmask;
    const int b = f->warg;
    long j = lane;
    bool ok = false;
    switch (f->wop) {
        case W_SHFL_UP: j = long(lane) - long(uint32_t(b)); ok = j >= max_lane; break;
        case W_SHFL_DOWN: j = long(lane) + long(uint32_t(b)); ok = j <= max_lane; break;
        case W_SHFL_XOR: j = long(lane ^ b); ok = j >= 0 && j <= max_lane; break;
        default: j = min_lane | (b & 0x1f & ~segmask); ok = j <= max_lane; break;
    }
    if (!ok || j < 0 || j > 31 || !(group >> j & 1u)) return f->wval;  // inactive source: own value
    return base[j].wval;
}

inline void complete_group(Warp& w, uint32_t warp_index, uint32_t group, uint8_t op, bool mixed) {
    Fiber* base = &rt.fibers[warp_index * 32];
    if (!mixed && (op == W_SYNC || (op >= W_SHFL_IDX && op <= W_SHFL_XOR))) {
        // fast paths: nothing to compute / independent per-lane reads
        if (op != W_SYNC) {
            uint64_t res[32];
            for (uint32_t m = group; m; m &= m - 1) {
                const int l = __builtin_ctz(m);
                res[l] = shfl_source(&base[l], group, base);
            }
            for (uint32_t m = group; m; m &= m - 1) {
                const int l = __builtin_ctz(m);
                base[l].wres = res[l];
            }
        }
        for (uint32_t m = group; m; m &= m - 1) base[__builtin_ctz(m)].state = ST_RUN;
        w.waiting &= ~group;
        w.runnable += uint32_t(popc32(group));
        return;
    }
    // Collective values.
    uint32_t ballot = 0;
    uint64_t add = 0, andv = ~uint64_t(0), orv = 0, xorv = 0;
    int64_t mini = INT64_MAX, maxi = INT64_MIN;
    uint64_t minu = UINT64_MAX, maxu = 0;
    bool all_equal = true;
    uint64_t first_val = 0;
    bool have_first = false;
    for (uint32_t m = group; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        const Fiber* g = &base[l];
        const uint64_t v = g->wval;
        if (v) ballot |= 1u << l;
        add += v; andv &= v; orv |= v; xorv ^= v;
        const int64_t sv = int64_t(int32_t(uint32_t(v)));
        mini = std::min(mini, sv); maxi = std::max(maxi, sv);
        const uint64_t uv = uint32_t(v);
        minu = std::min(minu, uv); maxu = std::max(maxu, uv);
        if (!have_first) { first_val = v; have_first = true; }
        else if (v != first_val) all_equal = false;
    }
    for (uint32_t m = group; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        Fiber* g = &base[l];
        uint64_t r = 0;
        g->wpred = 0;
        switch (g->wop) {
            case W_SYNC: r = 0; break;
            case W_SHFL_IDX: case W_SHFL_UP: case W_SHFL_DOWN: case W_SHFL_XOR:
                r = shfl_source(g, group, base); break;
            case W_BALLOT: r = ballot; break;
            case W_ANY: r = ballot != 0; break;
            case W_ALL: r = ballot == group; break;
            case W_MATCH_ANY: {
                uint32_t mm = 0;
                for (uint32_t q = group; q; q &= q - 1) {
                    const int k = __builtin_ctz(q);
                    if (base[k].wval == g->wval) mm |= 1u << k;
                }
                r = mm;
                break;
            }
            case W_MATCH_ALL: r = all_equal ? group : 0; g->wpred = all_equal; break;
            case W_RED_ADD: r = uint32_t(add); break;
            case W_RED_MIN_I: r = uint32_t(int32_t(mini)); break;
            case W_RED_MAX_I: r = uint32_t(int32_t(maxi)); break;
            case W_RED_MIN_U: r = uint32_t(minu); break;
            case W_RED_MAX_U: r = uint32_t(maxu); break;
            case W_RED_AND: r = uint32_t(andv); break;
            case W_RED_OR: r = uint32_t(orv); break;
            case W_RED_XOR: r = uint32_t(xorv); break;
            default: break;
        }
        g->wres = r;
    }
    for (uint32_t m = group; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        w.waiting &= ~(1u << l);
        release_lane(w, &base[l]);
    }
}

inline void try_complete(Warp& w, uint32_t warp_index, uint32_t mask) {
    uint32_t req = mask & w.exists;
    if (rt.strict) {
        if (req & w.exited) return;  // a named lane exited: stuck, diagnosed later
    } else {
        req &= ~w.exited;
    }
    if (!req || (w.waiting & req) != req) return;
    Fiber* base = &rt.fibers[warp_index * 32];
    uint8_t op0 = 255;
    bool mixed = false;
    for (uint32_t m = req; m; m &= m - 1) {
        const Fiber* g = &base[__builtin_ctz(m)];
        if (g->wop == W_ACTIVEMASK || g->wmask != mask) return;  // lane belongs to another group
        if (op0 == 255) op0 = g->wop;
        else if (g->wop != op0) mixed = true;
    }
    if (mixed && rt.strict) {
        Buf b;
        b.add("warp divergence: block (%u,%u,%u), warp %u: lanes named in mask 0x%08x wait at "
              "different warp operations: ",
              blockIdx.x, blockIdx.y, blockIdx.z, warp_index, mask);
        bool firstg = true;
        uint32_t left = req;
        while (left) {
            const Fiber* g = &base[__builtin_ctz(left)];
            uint32_t same = 0;
            for (uint32_t m = left; m; m &= m - 1) {
                const int k = __builtin_ctz(m);
                if (base[k].wop == g->wop && same_site(base[k].wsite, g->wsite)) same |= 1u << k;
            }
            b.add("%slanes ", firstg ? "" : "; ");
            firstg = false;
            add_ranges(b, 32, [&](uint32_t k) { return (same >> k) & 1u; });
            b.add(" at %s (%s:%u)", wop_name(g->wop), g->wsite.file_name(), g->wsite.line());
            left &= ~same;
        }
        fail(C2T_ERR_WARP, "%s", b.data);
        return;
    }
    complete_group(w, warp_index, req, op0, mixed);
}

inline void resolve_activemask(Warp& w, uint32_t warp_index) {
    Fiber* base = &rt.fibers[warp_index * 32];
    uint32_t left = 0;
    for (uint32_t m = w.waiting; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        if (base[l].wop == W_ACTIVEMASK) left |= 1u << l;
    }
    while (left) {
        Fiber* g = &base[__builtin_ctz(left)];
        uint32_t same = 0;
        for (uint32_t m = left; m; m &= m - 1) {
            const int k = __builtin_ctz(m);
            if (same_site(base[k].wsite, g->wsite)) same |= 1u << k;
        }
        for (uint32_t m = same; m; m &= m - 1) {
            const int k = __builtin_ctz(m);
            base[k].wres = same;
            w.waiting &= ~(1u << k);
            w.pending_am--;
            release_lane(w, &base[k]);
        }
        left &= ~same;
    }
}

inline uint64_t warp_op(uint8_t op, uint32_t mask, uint64_t val, int32_t arg, int32_t width,
                        const std::source_location& loc, int32_t* pred_out = nullptr) {
    Fiber* f = rt.cur;
    if (C2T_UNLIKELY(rt.mode != 2 || !f)) fast_path_violation(wop_name(op), loc);
    const uint32_t wi = f->warp;
    Warp& w = rt.warps[wi];
    f->state = ST_WARP;
    f->wop = op;
    f->wmask = (op == W_ACTIVEMASK) ? (1u << f->lane) : (mask | (1u << f->lane));
    f->wval = val;
    f->warg = arg;
    f->wwidth = width;
    f->wsite = loc;
    w.waiting |= 1u << f->lane;
    w.runnable--;
    if (op == W_ACTIVEMASK) w.pending_am++;
    else try_complete(w, wi, f->wmask);
    if (w.runnable == 0 && w.pending_am) resolve_activemask(w, wi);
    if (f->state != ST_RUN) yield_to_scheduler(f);
    if (pred_out) *pred_out = f->wpred;
    return f->wres;
}

// ---------------------------------------------------------------------------
// Thread exit.
// ---------------------------------------------------------------------------
inline void thread_exit(Fiber* f) {
    const uint32_t wi = f->warp;
    Warp& w = rt.warps[wi];
    f->state = ST_DONE;
    rt.done++;
    w.exited |= 1u << f->lane;
    lane_blocked(w, wi);
    if (!rt.strict) {
        // Exited lanes no longer count: groups waiting for them may complete.
        uint32_t masks_done = 0;
        Fiber* base = &rt.fibers[wi * 32];
        for (uint32_t m = w.waiting; m; m &= m - 1) {
            const int l = __builtin_ctz(m);
            if (base[l].wop == W_ACTIVEMASK || (masks_done >> l & 1u)) continue;
            const uint32_t mk = base[l].wmask;
            try_complete(w, wi, mk);
            for (uint32_t q = w.waiting; q; q &= q - 1) {
                const int k = __builtin_ctz(q);
                if (base[k].wmask == mk) masks_done |= 1u << k;
            }
        }
        if (rt.bar_waiting && rt.bar_waiting == barrier_required()) release_barrier();
    }
}

extern "C" C2T_HIDDEN inline void c2t_fiber_main(Fiber* f) {
    rt.invoke(rt.invoke_ctx);
    thread_exit(f);
    switch_away(f);
    __builtin_trap();  // a finished fiber is never resumed
}

// ---------------------------------------------------------------------------
// Diagnosis of a block in which no thread can run.
// ---------------------------------------------------------------------------
inline void diagnose_stuck() {
    const uint32_t n = rt.nthreads;
    Buf b;
    bool any_bar = false, any_warp = false;
    for (uint32_t i = 0; i < n; ++i) {
        any_bar |= rt.fibers[i].state == ST_BAR;
        any_warp |= rt.fibers[i].state == ST_WARP;
    }
    const bool multi_dim = blockDim.y > 1 || blockDim.z > 1;
    b.add("%s divergence: block (%u,%u,%u): ", any_bar ? "barrier" : "warp", blockIdx.x, blockIdx.y,
          blockIdx.z);
    bool first = true;
    if (rt.done) {
        b.add("threads ");
        add_ranges(b, n, [&](uint32_t k) { return rt.fibers[k].state == ST_DONE; });
        b.add(" exited while ");
        first = false;
    }
    bool listed[C2T_MAX_BLOCK_THREADS] = {};
    bool firstg = true;
    for (uint32_t i = 0; i < n; ++i) {
        Fiber* g = &rt.fibers[i];
        if (listed[i] || (g->state != ST_BAR && g->state != ST_WARP)) continue;
        auto sel = [&](uint32_t k) {
            Fiber* h = &rt.fibers[k];
            if (h->state != g->state) return false;
            if (g->state == ST_BAR) return h->bkind == g->bkind && same_site(h->bsite, g->bsite);
            return h->wop == g->wop && h->wmask == g->wmask && same_site(h->wsite, g->wsite);
        };
        b.add("%sthreads ", firstg ? "" : "; ");
        firstg = false;
        add_ranges(b, n, sel);
        for (uint32_t k = 0; k < n; ++k) if (sel(k)) listed[k] = true;
        if (g->state == ST_BAR) {
            b.add(" wait at %s (%s:%u)", bar_name(g->bkind), g->bsite.file_name(), g->bsite.line());
        } else {
            b.add(" wait at %s(mask 0x%08x) (%s:%u)", wop_name(g->wop), g->wmask, g->wsite.file_name(),
                  g->wsite.line());
        }
    }
    (void)first;
    if (!rt.strict) b.add(" [lenient mode]");
    else if (rt.done && any_bar)
        b.add(" (strict mode: every thread of the block must reach each __syncthreads; "
              "barrier_mode='lenient' counts exited threads as arrived)");
    if (multi_dim)
        b.add(" [thread ids are linear: x + y*blockDim.x + z*blockDim.x*blockDim.y; blockDim=(%u,%u,%u)]",
              blockDim.x, blockDim.y, blockDim.z);
    fail(any_bar ? C2T_ERR_BARRIER : C2T_ERR_WARP, "%s", b.data);
}

// ---------------------------------------------------------------------------
// Static shared memory registry (zeroed / poisoned at each block start).
// ---------------------------------------------------------------------------
inline void init_region(volatile void* p, size_t n) {
    if (rt.shared_init == 1) std::memset(const_cast<void*>(p), 0, n);
    else if (rt.shared_init == 2) std::memset(const_cast<void*>(p), 0xff, n);
}

struct SharedReg {
    SharedReg(const volatile void* p, size_t n) {
        volatile void* q = const_cast<volatile void*>(p);
        for (size_t i = 0; i < rt.nregions; ++i)
            if (rt.regions[i].p == q) return;
        if (rt.nregions < sizeof(rt.regions) / sizeof(rt.regions[0])) rt.regions[rt.nregions++] = {q, n};
        // First execution of the declaration happens before any access by this
        // block, so it can be initialised like at a block start.
        if (rt.mode) init_region(q, n);
    }
};

// `extern __shared__ T name[];` inside a function becomes
// `T (&name)[] = ::c2t::DynSmemRef{};`.
struct DynSmemRef {
    template <class T>
    operator T&() const { return *reinterpret_cast<T*>(c2t_dyn_smem_buf); }
};

// ---------------------------------------------------------------------------
// Fiber stacks.
// ---------------------------------------------------------------------------
inline bool ensure_stacks(uint32_t n, size_t stack_size) {
    rt.page = size_t(sysconf(_SC_PAGESIZE));
    const size_t usable = (std::max<size_t>(stack_size, 16384) + rt.page - 1) / rt.page * rt.page;
    if (rt.stacks && rt.stacks_n >= n && rt.stack_usable == usable) return true;
    if (rt.stacks) munmap(rt.stacks, rt.stacks_n * rt.stack_stride);
    rt.stacks = nullptr;
    const size_t stride = usable + rt.page;
    void* mem = mmap(nullptr, n * stride, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (mem == MAP_FAILED) return false;
    rt.stacks = static_cast<char*>(mem);
    for (uint32_t i = 0; i < n; ++i) mprotect(rt.stacks + i * stride, rt.page, PROT_NONE);  // guard
    rt.stacks_n = n;
    rt.stack_stride = stride;
    rt.stack_usable = usable;
    return true;
}

// ---------------------------------------------------------------------------
// Running blocks.
// ---------------------------------------------------------------------------
inline bool deadline_passed() {
    const double d = rt.opts->deadline;
    return d > 0 && now_seconds() > d;
}

inline void timeout_error() {
    fail(C2T_ERR_TIMEOUT, "kernel exceeded its time limit in block (%u,%u,%u)", blockIdx.x, blockIdx.y,
         blockIdx.z);
}

inline void init_block_memory() {
    for (size_t i = 0; i < rt.nregions; ++i) init_region(rt.regions[i].p, rt.regions[i].n);
    if (rt.dyn_smem) init_region(c2t_dyn_smem_buf, rt.dyn_smem);
}

inline int run_block_fibers() {
    const uint32_t n = rt.nthreads;
    const uint32_t bx = blockDim.x, by = blockDim.y;
    for (uint32_t i = 0; i < n; ++i) {
        Fiber* f = &rt.fibers[i];
        f->tid = uint3{i % bx, (i / bx) % by, i / (bx * by)};
        f->linear = i;
        f->lane = i & 31;
        f->warp = i >> 5;
        f->state = ST_RUN;
        f->wres = 0;
        f->bres = 0;
        ctx_init(&f->ctx, rt.stacks + size_t(i) * rt.stack_stride + rt.page, rt.stack_usable, f);
    }
    for (uint32_t wi = 0; wi < rt.nwarps; ++wi) {
        const uint32_t lanes = std::min<uint32_t>(32, n - wi * 32);
        Warp& w = rt.warps[wi];
        w.exists = lanes == 32 ? 0xffffffffu : ((1u << lanes) - 1);
        w.exited = 0;
        w.waiting = 0;
        w.runnable = lanes;
        w.pending_am = 0;
    }
    rt.done = 0;
    rt.bar_waiting = 0;
    rt.bar_count = 0;
    rt.bar_mismatch = false;
    rt.mode = 2;
    rt.cur = &rt.fibers[0];
    threadIdx = rt.fibers[0].tid;
    ctx_switch(&rt.sched, &rt.fibers[0].ctx);
    // back here: the block finished, cannot progress, or failed
    rt.cur = nullptr;
    if (rt.error) return rt.error;
    if (rt.done == n) return 0;
    diagnose_stuck();
    return rt.error;
}

struct LaunchDesc {
    dim3 grid, block;
    size_t smem;
    bool fast;
    void (*invoke)(void*);      // runs one CUDA thread (fiber path)
    void (*fast_block)(void*);  // runs all threads of a block (fast path)
    void* ctx;
};

inline int validate_config(const LaunchDesc& d) {
    const dim3 g = d.grid, b = d.block;
    if (!g.x || !g.y || !g.z || !b.x || !b.y || !b.z) {
        fail(C2T_ERR_CONFIG, "invalid configuration: grid (%u,%u,%u) / block (%u,%u,%u) has a zero dimension",
             g.x, g.y, g.z, b.x, b.y, b.z);
        return rt.error;
    }
    const uint64_t threads = uint64_t(b.x) * b.y * b.z;
    if (threads > C2T_MAX_BLOCK_THREADS || b.x > 1024 || b.y > 1024 || b.z > 64) {
        fail(C2T_ERR_CONFIG,
             "invalid configuration: block (%u,%u,%u) exceeds CUDA limits (<= 1024 threads, "
             "x,y <= 1024, z <= 64)", b.x, b.y, b.z);
        return rt.error;
    }
    if (g.x > 2147483647u || g.y > 65535u || g.z > 65535u) {
        fail(C2T_ERR_CONFIG, "invalid configuration: grid (%u,%u,%u) exceeds CUDA limits", g.x, g.y, g.z);
        return rt.error;
    }
    if (d.smem > C2T_MAX_DYN_SMEM) {
        fail(C2T_ERR_CONFIG, "dynamic shared memory of %zu bytes exceeds the runtime's buffer (%u bytes; "
             "rebuild with -DC2T_MAX_DYN_SMEM=...)", d.smem, unsigned(C2T_MAX_DYN_SMEM));
        return rt.error;
    }
    return 0;
}

inline int run_launch(const LaunchDesc& d, c2t_launch_opts* opts) {
    if (rt.mode != 0) {
        fail(C2T_ERR_UNSUPPORTED, "nested kernel launch (dynamic parallelism) is not supported");
        return rt.error;
    }
    if (!opts) opts = &default_opts;
    rt.opts = opts;
    rt.error = 0;
    opts->msg[0] = 0;
    opts->status = 0;
    if (int e = validate_config(d)) { opts->status = e; return e; }
    rt.strict = opts->barrier_mode == 0;
    rt.shared_init = opts->shared_init;
    rt.dyn_smem = d.smem;
    gridDim = d.grid;
    blockDim = d.block;
    rt.nthreads = d.block.x * d.block.y * d.block.z;
    rt.nwarps = (rt.nthreads + 31) / 32;
    const bool fast = d.fast && !opts->force_fibers;
    if (!fast) {
        if (!rt.fibers) rt.fibers = new Fiber[C2T_MAX_BLOCK_THREADS];
        const size_t ss = opts->stack_size ? opts->stack_size : size_t(128) * 1024;
        if (!ensure_stacks(rt.nthreads, ss)) {
            fail(C2T_ERR_INTERNAL, "cannot allocate %u fiber stacks of %zu bytes", rt.nthreads, ss);
            opts->status = rt.error;
            return rt.error;
        }
    }
    rt.invoke = d.invoke;
    rt.invoke_ctx = d.ctx;
    const uint64_t nblocks = uint64_t(d.grid.x) * d.grid.y * d.grid.z;
    opts->n_blocks = int64_t(nblocks);
    int rc = 0;
    uint64_t bl = 0;
    if (fast && setjmp(rt.fast_jmp)) {
        rc = rt.error;
    } else {
        for (; bl < nblocks; ++bl) {
            opts->cur_block = int64_t(bl);
            blockIdx = uint3{unsigned(bl % d.grid.x), unsigned((bl / d.grid.x) % d.grid.y),
                             unsigned(bl / (uint64_t(d.grid.x) * d.grid.y))};
            init_block_memory();
            if (fast) {
                rt.mode = 1;
                rt.cur = nullptr;
                d.fast_block(d.ctx);
                if (C2T_UNLIKELY(opts->deadline > 0) && deadline_passed()) {
                    timeout_error();
                    rc = rt.error;
                    break;
                }
            } else {
                rc = run_block_fibers();
                if (rc) break;
            }
        }
    }
    rt.mode = 0;
    rt.cur = nullptr;
    std::fflush(stdout);
    opts->status = rc;
    return rc;
}

// ---------------------------------------------------------------------------
// Typed entry points used by the generated launch stubs.
// ---------------------------------------------------------------------------
template <class F> struct fn_traits;
template <class... Ps> struct fn_traits<void (*)(Ps...)> {
    using tuple = std::tuple<std::remove_cv_t<std::remove_reference_t<Ps>>...>;
    static constexpr size_t arity = sizeof...(Ps);
};
template <class... Ps> struct fn_traits<void (*)(Ps...) noexcept> : fn_traits<void (*)(Ps...)> {};

template <class Tup, size_t... I>
inline Tup unpack_args(void** args, std::index_sequence<I...>) {
    return Tup{*static_cast<std::tuple_element_t<I, Tup>*>(args[I])...};
}

template <auto K, class Tup> void invoke_thread(void* ctx) { std::apply(K, *static_cast<Tup*>(ctx)); }

template <auto K, class Tup> void fast_block(void* ctx) {
    Tup& t = *static_cast<Tup*>(ctx);
    const unsigned bx = blockDim.x, by = blockDim.y, bz = blockDim.z;
    for (unsigned z = 0; z < bz; ++z)
        for (unsigned y = 0; y < by; ++y)
            for (unsigned x = 0; x < bx; ++x) {
                threadIdx = uint3{x, y, z};
                std::apply(K, t);
            }
}

template <auto K>
inline int launch_kernel(const c2t_dim3* grid, const c2t_dim3* block, unsigned long long smem, void** args,
                         c2t_launch_opts* opts, bool fast) {
    using traits = fn_traits<decltype(K)>;
    using Tup = typename traits::tuple;
    Tup tup = unpack_args<Tup>(args, std::make_index_sequence<traits::arity>{});
    LaunchDesc d{dim3(grid->x, grid->y, grid->z), dim3(block->x, block->y, block->z), size_t(smem), fast,
                 &invoke_thread<K, Tup>, &fast_block<K, Tup>, &tup};
    return run_launch(d, opts);
}

// Kernel signature description for the Python side:
//   "<P|S>:<kind>:<size>:<type name>;" per parameter.
// P = pointer (kind/size/name describe the pointee), S = by value.
// kind: f float, i signed int, u unsigned int, b bool, h __half, B bfloat16,
//       p pointer, v void, o other (struct / vector type).
template <class T> constexpr const char* pretty_name() { return __PRETTY_FUNCTION__; }
template <class T> struct kind_of;  // specialised in c2t_fp16.h for the 16-bit floats

template <class T> inline char type_kind() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_void_v<U>) return 'v';
    else if constexpr (std::is_same_v<U, bool>) return 'b';
    else if constexpr (std::is_floating_point_v<U>) return 'f';
    else if constexpr (std::is_integral_v<U>) return std::is_signed_v<U> ? 'i' : 'u';
    else if constexpr (std::is_enum_v<U>) return std::is_signed_v<std::underlying_type_t<U>> ? 'i' : 'u';
    else if constexpr (std::is_pointer_v<U>) return 'p';
    else if constexpr (requires { kind_of<U>::value; }) return kind_of<U>::value;
    else return 'o';
}

template <class T> inline void describe_one(Buf& b) {
    using U = std::remove_cv_t<T>;
    const char* pn;
    size_t size;
    char kind;
    char tag;
    if constexpr (std::is_pointer_v<U>) {
        using E = std::remove_cv_t<std::remove_pointer_t<U>>;
        tag = 'P';
        kind = type_kind<E>();
        if constexpr (std::is_void_v<E> || std::is_function_v<E>) size = 0;
        else size = sizeof(E);
        pn = pretty_name<std::remove_pointer_t<U>>();
    } else {
        tag = 'S';
        kind = type_kind<U>();
        size = sizeof(U);
        pn = pretty_name<U>();
    }
    // __PRETTY_FUNCTION__: "... pretty_name() [with T = NAME]"
    const char* s = std::strstr(pn, "T = ");
    s = s ? s + 4 : pn;
    size_t len = std::strlen(s);
    if (len && s[len - 1] == ']') --len;
    b.add("%c:%c:%zu:%.*s;", tag, kind, size, int(len), s);
}

template <class Tup, size_t... I> inline void describe_all(Buf& b, std::index_sequence<I...>) {
    (describe_one<std::tuple_element_t<I, Tup>>(b), ...);
}

template <auto K> inline const char* kernel_signature() {
    using traits = fn_traits<decltype(K)>;
    static Buf b;
    if (!b.n) {
        b.add("#");  // non-empty marker even for kernels without parameters
        describe_all<typename traits::tuple>(b, std::make_index_sequence<traits::arity>{});
    }
    return b.data;
}

// ---------------------------------------------------------------------------
// Crash reporting inside an isolated (forked) launch.
// ---------------------------------------------------------------------------
inline void crash_handler(int sig, siginfo_t* info, void*) {
    c2t_launch_opts* o = rt.opts ? rt.opts : &default_opts;
    o->signal = sig;
    o->fault_addr = reinterpret_cast<uint64_t>(info ? info->si_addr : nullptr);
    const char* what = sig == SIGSEGV ? "SIGSEGV (invalid memory access)"
                     : sig == SIGBUS ? "SIGBUS (misaligned or invalid memory access)"
                     : sig == SIGFPE ? "SIGFPE (integer division by zero or overflow)"
                     : sig == SIGILL ? "SIGILL (__trap() or illegal instruction)"
                     : sig == SIGABRT ? "SIGABRT (assert() failed or abort())"
                     : "signal";
    char extra[256] = "";
    if ((sig == SIGSEGV || sig == SIGBUS) && rt.stacks && info) {
        const char* a = static_cast<const char*>(info->si_addr);
        if (a >= rt.stacks && a < rt.stacks + rt.stacks_n * rt.stack_stride) {
            const size_t off = size_t(a - rt.stacks) % rt.stack_stride;
            if (off < rt.page)
                snprintf(extra, sizeof extra,
                         "; the address is in a fiber stack guard page: stack overflow (stack_size=%zu bytes, "
                         "raise it with launch(..., stack_size=...))", rt.stack_usable);
        }
    }
    if (rt.mode == 0)
        snprintf(o->msg, sizeof(o->msg), "%s at address %p outside a kernel%s", what,
                 info ? info->si_addr : nullptr, extra);
    else
        snprintf(o->msg, sizeof(o->msg), "%s at address %p in block (%u,%u,%u), thread (%u,%u,%u)%s", what,
                 info ? info->si_addr : nullptr, blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y,
                 threadIdx.z, extra);
    std::fflush(stdout);
    signal(sig, SIG_DFL);
    raise(sig);
}

}  // namespace c2t

// Exported helpers for the Python side.
extern "C" __attribute__((visibility("default"), used)) inline int c2t_rt_abi_version() { return C2T_ABI_VERSION; }
extern "C" __attribute__((visibility("default"), used)) inline int c2t_rt_install_crash_handler(c2t_launch_opts* o) {
    c2t::rt.opts = o;
    static char altstack[1 << 16];
    stack_t ss{};
    ss.ss_sp = altstack;
    ss.ss_size = sizeof altstack;
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = &c2t::crash_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(s, &sa, nullptr);
    return 0;
}
extern "C" __attribute__((visibility("default"), used)) inline size_t c2t_rt_max_dyn_smem() { return C2T_MAX_DYN_SMEM; }
// Forget launch state inherited through fork() from a thread that was inside a launch.
extern "C" __attribute__((visibility("default"), used)) inline void c2t_rt_reset() {
    c2t::rt.mode = 0;
    c2t::rt.cur = nullptr;
    c2t::rt.error = 0;
}
