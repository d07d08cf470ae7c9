/*
 * sluice-abi-dump: prints the kernel ABI that the Java sentry hard-codes, as compiled from
 * the real kernel (linux-libc-dev) and glibc headers, one `NAME VALUE` line each (decimal;
 * ioctl request numbers as unsigned 32-bit decimal). The Java layout tests compare their
 * constants against this output.
 *
 * Two values are not in Debian 12's linux-libc-dev (6.1) and come from sluice_compat.h,
 * which copies them from the 6.18 uapi headers: SECCOMP_IOCTL_NOTIF_SET_FLAGS and
 * SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP. Every other value is the system header's own.
 *
 * termios: glibc's `struct termios` (60 bytes on x86_64, with c_ispeed/c_ospeed and
 * NCCS=32) is not the structure the kernel copies for TCGETS/TCSETS; that is the kernel's
 * `struct termios` of <asm/termbits.h> (36 bytes, NCCS=19). Both headers define
 * `struct termios`, `NCCS` and the typedefs, so they cannot simply be included together.
 * We include glibc's <termios.h> normally (sizeof.termios) and <asm/termbits.h> with its
 * three struct tags renamed by the preprocessor and NCCS saved/restored around it
 * (sizeof.kernel_termios). The typedefs (tcflag_t, cc_t, speed_t) are identical in both
 * (unsigned int / unsigned char / unsigned int), which C11 allows to be repeated. The other
 * macros of asm/termbits.h have the same values as glibc's (identical redefinitions are
 * allowed; the build is warning-free, which checks that). As a cross-check the kernel
 * value must also equal _IOC_SIZE(TCGETS2) - 2 * sizeof(speed_t) (termios2 = termios +
 * c_ispeed + c_ospeed), asserted at compile time below.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/kcmp.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <termios.h>

#include "sluice_compat.h"

static const size_t glibc_termios_size = sizeof(struct termios);

/* The kernel's termios structures, under other tags; see the comment at the top. */
#pragma push_macro("NCCS")
#undef NCCS
#define termios	 kernel_termios
#define termios2 kernel_termios2
#define ktermios kernel_ktermios
#include <asm/termbits.h>
#undef termios
#undef termios2
#undef ktermios
#undef NCCS
#pragma pop_macro("NCCS")

/* TCGETS2 is _IOR('T', 0x2A, struct termios2): its size field carries the kernel's termios2. */
#define KERNEL_TERMIOS2_SIZE _IOC_SIZE(_IOR('T', 0x2A, struct kernel_termios2))
_Static_assert(sizeof(struct kernel_termios) + 2 * sizeof(speed_t) == KERNEL_TERMIOS2_SIZE,
	       "kernel termios is termios2 without the two speeds");
_Static_assert(sizeof(struct kernel_termios) == 36, "x86_64 kernel struct termios is 36 bytes");

#define NUM(name, expr)	 printf("%s %llu\n", name, (unsigned long long)(expr))
#define IOC(name)	 printf("%s %u\n", #name, (unsigned int)(name))
#define VAL(name)	 NUM(#name, name)
#define SIZE(type)	 NUM("sizeof." #type, sizeof(struct type))
#define OFF(type, field) NUM("offsetof." #type "." #field, offsetof(struct type, field))

int main(void)
{
	SIZE(seccomp_data);
	SIZE(seccomp_notif);
	SIZE(seccomp_notif_resp);
	SIZE(seccomp_notif_addfd);
	SIZE(seccomp_notif_sizes);

	OFF(seccomp_notif, id);
	OFF(seccomp_notif, pid);
	OFF(seccomp_notif, flags);
	OFF(seccomp_notif, data);
	OFF(seccomp_data, nr);
	OFF(seccomp_data, arch);
	OFF(seccomp_data, instruction_pointer);
	OFF(seccomp_data, args);

	OFF(seccomp_notif_resp, id);
	OFF(seccomp_notif_resp, val);
	OFF(seccomp_notif_resp, error);
	OFF(seccomp_notif_resp, flags);

	OFF(seccomp_notif_addfd, id);
	OFF(seccomp_notif_addfd, flags);
	OFF(seccomp_notif_addfd, srcfd);
	OFF(seccomp_notif_addfd, newfd);
	OFF(seccomp_notif_addfd, newfd_flags);

	IOC(SECCOMP_IOCTL_NOTIF_RECV);
	IOC(SECCOMP_IOCTL_NOTIF_SEND);
	IOC(SECCOMP_IOCTL_NOTIF_ID_VALID);
	IOC(SECCOMP_IOCTL_NOTIF_ADDFD);
	IOC(SECCOMP_IOCTL_NOTIF_SET_FLAGS);
	VAL(SECCOMP_USER_NOTIF_FLAG_CONTINUE);
	VAL(SECCOMP_ADDFD_FLAG_SETFD);
	VAL(SECCOMP_ADDFD_FLAG_SEND);
	VAL(SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
	VAL(SECCOMP_GET_NOTIF_SIZES);

	/* A filter the sentry installs on a thread of its own (nativeio.SelfTrap). */
	VAL(SECCOMP_SET_MODE_FILTER);
	VAL(SECCOMP_FILTER_FLAG_NEW_LISTENER);
	VAL(SECCOMP_RET_USER_NOTIF);
	VAL(SECCOMP_RET_ALLOW);
	VAL(PR_SET_NO_NEW_PRIVS);
	SIZE(sock_filter);
	SIZE(sock_fprog);
	OFF(sock_fprog, filter);
	NUM("BPF_LD|BPF_W|BPF_ABS", BPF_LD | BPF_W | BPF_ABS);
	NUM("BPF_JMP|BPF_JEQ|BPF_K", BPF_JMP | BPF_JEQ | BPF_K);
	NUM("BPF_RET|BPF_K", BPF_RET | BPF_K);

	IOC(TIOCGPTN);
	IOC(TIOCSPTLCK);
	IOC(TIOCGPTLCK);
	IOC(TIOCGPTPEER);
	IOC(TIOCSWINSZ);
	IOC(TIOCGWINSZ);
	IOC(TCGETS);
	IOC(FIONREAD);
	SIZE(winsize);
	NUM("sizeof.termios", glibc_termios_size);
	NUM("sizeof.kernel_termios", sizeof(struct kernel_termios));

	/* glibc's struct stat on x86_64 is the kernel's (arch/x86/include/uapi/asm/stat.h). */
	NUM("sizeof.stat", sizeof(struct stat));
	NUM("offsetof.stat.st_mode", offsetof(struct stat, st_mode));
	NUM("offsetof.stat.st_rdev", offsetof(struct stat, st_rdev));

	VAL(SYS_rt_sigaction);
	VAL(SYS_fstat);
	VAL(SYS_fstatfs);
	VAL(SYS_ioctl);
	VAL(SYS_write);
	VAL(SYS_writev);
	VAL(SYS_pwritev2);
	VAL(SYS_open);
	VAL(SYS_creat);
	VAL(SYS_openat);
	VAL(SYS_openat2);
	VAL(SYS_open_tree);
	VAL(SYS_mount_setattr);
	VAL(SYS_pidfd_open);
	VAL(SYS_pidfd_getfd);
	VAL(SYS_prlimit64);
	VAL(SYS_kcmp);
	VAL(SYS_process_vm_readv);
	VAL(SYS_process_vm_writev);
	VAL(SYS_seccomp);
	VAL(KCMP_FILE);
	VAL(AUDIT_ARCH_X86_64);

	/* A sentry worker's own credentials (ThreadCaps, ThreadIds): per-thread raw syscalls. */
	VAL(SYS_capget);
	VAL(SYS_capset);
	VAL(SYS_setresuid);
	VAL(SYS_getresuid);
	VAL(SYS_setresgid);
	VAL(SYS_getresgid);
	VAL(SYS_setfsuid);
	VAL(SYS_setfsgid);
	VAL(_LINUX_CAPABILITY_VERSION_3);
	SIZE(__user_cap_header_struct);
	SIZE(__user_cap_data_struct);
	OFF(__user_cap_data_struct, effective);
	OFF(__user_cap_data_struct, permitted);
	OFF(__user_cap_data_struct, inheritable);
	VAL(CAP_DAC_OVERRIDE);
	VAL(CAP_SYS_PTRACE);
	VAL(CAP_SYS_ADMIN);

	/* sendmsg/recvmsg over AF_UNIX (dev.sluice.sentry.ipc.SocketAbi, native-shims' common/ipc.c). */
	SIZE(msghdr);
	OFF(msghdr, msg_name);
	OFF(msghdr, msg_namelen);
	OFF(msghdr, msg_iov);
	OFF(msghdr, msg_iovlen);
	OFF(msghdr, msg_control);
	OFF(msghdr, msg_controllen);
	OFF(msghdr, msg_flags);
	SIZE(iovec);
	OFF(iovec, iov_base);
	OFF(iovec, iov_len);
	SIZE(cmsghdr);
	OFF(cmsghdr, cmsg_len);
	OFF(cmsghdr, cmsg_level);
	OFF(cmsghdr, cmsg_type);
	SIZE(ucred);
	OFF(ucred, pid);
	OFF(ucred, uid);
	OFF(ucred, gid);
	/* Up to 16 fds' worth of data (SocketMessages.MAX_FDS). */
	for (int n = 0; n <= 16 * (int)sizeof(int); n++) {
		printf("CMSG_LEN.%d %zu\n", n, (size_t)CMSG_LEN(n));
		printf("CMSG_SPACE.%d %zu\n", n, (size_t)CMSG_SPACE(n));
	}
	VAL(AF_UNIX);
	VAL(SOCK_STREAM);
	VAL(SOCK_SEQPACKET);
	VAL(SOL_SOCKET);
	VAL(SCM_RIGHTS);
	VAL(SCM_CREDENTIALS);
	VAL(SO_PASSCRED);
	VAL(SO_PEERCRED);
	VAL(MSG_CTRUNC);
	VAL(MSG_TRUNC);
	VAL(MSG_NOSIGNAL);
	VAL(MSG_CMSG_CLOEXEC);

	/* Every syscall number the Java side calls directly (Syscalls), beyond the ones above. */
	VAL(SYS_geteuid);
	VAL(SYS_gettid);
	VAL(SYS_socket);
	VAL(SYS_connect);
	VAL(SYS_shutdown);
	VAL(SYS_bind);
	VAL(SYS_listen);
	VAL(SYS_setsockopt);
	VAL(SYS_getsockopt);
	VAL(SYS_accept4);
	VAL(SYS_dup2);
	VAL(SYS_wait4);
	VAL(SYS_fcntl);
	VAL(SYS_setsid);
	VAL(SYS_prctl);
	VAL(SYS_pipe2);
	VAL(SYS_pidfd_send_signal);
	VAL(SYS_setns);

	/* Signals (Signals). SIGRTMIN is the C library's, evaluated at run time: glibc keeps the
	 * kernel's first real-time signals for itself. */
	VAL(SIGHUP);
	VAL(SIGINT);
	VAL(SIGQUIT);
	VAL(SIGILL);
	VAL(SIGTRAP);
	VAL(SIGABRT);
	VAL(SIGBUS);
	VAL(SIGFPE);
	VAL(SIGKILL);
	VAL(SIGUSR1);
	VAL(SIGSEGV);
	VAL(SIGUSR2);
	VAL(SIGPIPE);
	VAL(SIGALRM);
	VAL(SIGTERM);
	VAL(SIGSTKFLT);
	VAL(SIGCHLD);
	VAL(SIGCONT);
	VAL(SIGSTOP);
	VAL(SIGTSTP);
	VAL(SIGTTIN);
	VAL(SIGTTOU);
	VAL(SIGURG);
	VAL(SIGXCPU);
	VAL(SIGXFSZ);
	VAL(SIGVTALRM);
	VAL(SIGPROF);
	VAL(SIGWINCH);
	VAL(SIGIO);
	VAL(SIGPWR);
	VAL(SIGSYS);
	NUM("SIGRTMIN", SIGRTMIN);
	NUM("SIGRTMAX", SIGRTMAX);

	if (fflush(stdout) != 0)
		return 1;
	return 0;
}
