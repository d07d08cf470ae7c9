package dev.sluice.sentry.nativeio;

import jnr.ffi.annotations.SaveError;

/**
 * The libc entry points on the sentry's hot path, bound with jnr-ffi. Pointers are passed as raw
 * addresses ({@code long}) into memory the caller owns (see {@link Scratch}), so a call does no
 * marshalling and no allocation. Every method saves errno; read it with {@link Native#errno()}.
 *
 * <p>Only {@link Native} holds an instance; everything else goes through the typed wrappers there.
 */
public interface LibC {
    @SaveError
    int ioctl(int fd, long request, long arg);

    /** {@code syscall(2)}; unused trailing arguments are ignored by the kernel. */
    @SaveError
    long syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

    /**
     * {@code syscall(2)} with two arguments, for the per-call ones ({@code pidfd_getfd}, {@code
     * fstat}): jnr-ffi calls a function of up to six integer arguments through its direct stub, and
     * one of seven through a heap invocation buffer, which a profile of the trapped call's path
     * showed. {@code syscall} is variadic, so the fewer arguments are what the kernel reads.
     */
    @SaveError
    long syscall(long nr, long a1, long a2, long a3);

    @SaveError
    int open(long pathAddr, int flags, int mode);

    @SaveError
    int close(int fd);

    @SaveError
    long pread(int fd, long buf, long count, long offset);

    @SaveError
    long pwrite(int fd, long buf, long count, long offset);

    @SaveError
    int poll(long fds, long nfds, int timeoutMillis);

    @SaveError
    long read(int fd, long buf, long count);

    @SaveError
    long write(int fd, long buf, long count);

    @SaveError
    long recvmsg(int fd, long msghdr, int flags);

    @SaveError
    long sendmsg(int fd, long msghdr, int flags);

    @SaveError
    int socketpair(int domain, int type, int protocol, long sv);

    @SaveError
    int eventfd(int initval, int flags);

    @SaveError
    int kill(int pid, int sig);

    int getpid();
}
