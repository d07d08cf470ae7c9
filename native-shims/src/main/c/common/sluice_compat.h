/*
 * Kernel ABI that Debian 12's linux-libc-dev (6.1) does not ship yet.
 * Values from the kernel's include/uapi/linux/seccomp.h and
 * arch/x86/entry/syscalls/syscall_64.tbl (Linux 6.18).
 */
#ifndef SLUICE_COMPAT_H
#define SLUICE_COMPAT_H

#include <linux/seccomp.h>
#include <linux/ioctl.h>
#include <sys/syscall.h>

#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS
/* include/uapi/linux/seccomp.h: #define SECCOMP_IOCTL_NOTIF_SET_FLAGS SECCOMP_IOW(4, __u64) */
#define SECCOMP_IOCTL_NOTIF_SET_FLAGS _IOW('!', 4, __u64)
#endif
#ifndef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
/* include/uapi/linux/seccomp.h (6.6+): wake the supervisor synchronously on the same CPU. */
#define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP (1UL << 0)
#endif
#ifndef SECCOMP_ADDFD_FLAG_SEND
/* include/uapi/linux/seccomp.h (5.14+): add the fd and respond atomically. */
#define SECCOMP_ADDFD_FLAG_SEND (1UL << 1)
#endif
/*
 * Landlock (include/uapi/linux/landlock.h; Debian 12's copy predates the scoped field, Linux 6.12,
 * ABI 6). Only the ruleset attributes and the scope are needed: a domain that restricts nothing
 * but what every Landlock domain does (ptrace-family access to processes outside it) and signals.
 */
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif
#define SLUICE_LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#define SLUICE_LANDLOCK_SCOPE_SIGNAL	       (1ULL << 1)
struct sluice_landlock_ruleset_attr {
	__u64 handled_access_fs;
	__u64 handled_access_net;
	__u64 scoped;
};
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef MOUNT_ATTR_RDONLY
/* include/uapi/linux/mount.h */
#define MOUNT_ATTR_RDONLY 0x00000001
#define MOUNT_ATTR_NOSUID 0x00000002
#define MOUNT_ATTR_NODEV  0x00000004
#define MOUNT_ATTR_NOEXEC 0x00000008
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif

/*
 * clone3 with CLONE_INTO_CGROUP (include/uapi/linux/sched.h, Linux 5.7): struct clone_args up to
 * its cgroup field, CLONE_ARGS_SIZE_VER2 (88 bytes); syscall 435 (syscall_64.tbl).
 */
#ifndef SYS_clone3
#define SYS_clone3 435
#endif
#define SLUICE_CLONE_INTO_CGROUP 0x200000000ULL
struct sluice_clone_args {
	__u64 flags;
	__u64 pidfd;
	__u64 child_tid;
	__u64 parent_tid;
	__u64 exit_signal;
	__u64 stack;
	__u64 stack_size;
	__u64 tls;
	__u64 set_tid;
	__u64 set_tid_size;
	__u64 cgroup;
};

#endif
