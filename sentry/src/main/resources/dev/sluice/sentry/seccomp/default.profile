# The built-in default syscall profile of `sluice run` (--seccomp-profile FILE or unconfined
# replace it). Read by dev.sluice.sentry.seccomp.DefaultProfile, which resolves the conditions
# against the sandbox (its capability set, the host's architecture and kernel) and hands the
# result to sluice-init as seccomp-* plan ops (docs/launch-plan.md).
#
# The facts (which syscalls, under which conditions, with which errno) mirror the default profile
# of the container engines: github.com/moby/profiles, seccomp/default.json at tag seccomp/v0.2.3
# (commit 836ae4d37ef2, 2026-05-06), the version moby docker-v29.7.2 vendors. The layout is
# Sluice's own. To follow a newer default.json, compare it rule by rule (DefaultProfileTest pins
# what must stay refused). Not in it, so refused with the default errno: io_uring_setup,
# io_uring_enter, io_uring_register (moby dropped them in commit 891241e, November 2023), add_key,
# keyctl, request_key, userfaultfd, kexec_*, and every syscall newer than the list.
#
# Format:
#   default ACTION                   what every syscall no rule names gets
#   arch NATIVE: SUB...              the profile's architectures on a NATIVE host (libseccomp names)
#   ACTION [CONDITION...]: NAME...   one rule; more NAMEs may follow on indented lines
# ACTION is allow or errno(N). A rule applies when every CONDITION holds:
#   if-cap=CAP_X / unless-cap=CAP_X      the sandbox's bounding set holds / does not hold CAP_X
#   if-arch=A,B / unless-arch=A,B        the host's architecture is / is not one of them
#   if-kernel>=X.Y / unless-kernel>=X.Y  the running kernel is / is not at least X.Y
#   argN<V, argN<=V, argN==V, argN!=V, argN>=V, argN>V, argN&MASK==V
#                                        argument N (0 to 5) compared as an unsigned 64-bit value
#                                        (SCMP_CMP_LT ... SCMP_CMP_MASKED_EQ); these go to the filter
# '#' starts a comment.

default errno(1)                # EPERM
arch x86_64: x86 x32
arch aarch64: arm
arch mips64: mips mips64n32
arch mips64n32: mips mips64
arch mipsel64: mipsel mipsel64n32
arch mipsel64n32: mipsel mipsel64
arch s390x: s390
arch riscv64:
arch loongarch64:

allow:
    accept accept4 access adjtimex alarm bind brk cachestat capget capset chdir chmod chown chown32
    clock_adjtime clock_adjtime64 clock_getres clock_getres_time64 clock_gettime clock_gettime64
    clock_nanosleep clock_nanosleep_time64 close close_range connect copy_file_range creat dup dup2
    dup3 epoll_create epoll_create1 epoll_ctl epoll_ctl_old epoll_pwait epoll_pwait2 epoll_wait
    epoll_wait_old eventfd eventfd2 execve execveat exit exit_group faccessat faccessat2 fadvise64
    fadvise64_64 fallocate fanotify_mark fchdir fchmod fchmodat fchmodat2 fchown fchown32 fchownat
    fcntl fcntl64 fdatasync fgetxattr flistxattr flock fork fremovexattr fsetxattr fstat fstat64
    fstatat64 fstatfs fstatfs64 fsync ftruncate ftruncate64 futex futex_requeue futex_time64
    futex_wait futex_waitv futex_wake futimesat getcpu getcwd getdents getdents64 getegid getegid32
    geteuid geteuid32 getgid getgid32 getgroups getgroups32 getitimer getpeername getpgid getpgrp
    getpid getppid getpriority getrandom getresgid getresgid32 getresuid getresuid32 getrlimit
    get_robust_list getrusage getsid getsockname getsockopt get_thread_area gettid gettimeofday
    getuid getuid32 getxattr getxattrat inotify_add_watch inotify_init inotify_init1
    inotify_rm_watch io_cancel ioctl io_destroy io_getevents io_pgetevents io_pgetevents_time64
    ioprio_get ioprio_set io_setup io_submit ipc kill landlock_add_rule landlock_create_ruleset
    landlock_restrict_self lchown lchown32 lgetxattr link linkat listen listmount listxattr
    listxattrat llistxattr _llseek lremovexattr lseek lsetxattr lstat lstat64 madvise
    map_shadow_stack membarrier memfd_create memfd_secret mincore mkdir mkdirat mknod mknodat mlock
    mlock2 mlockall mmap mmap2 mprotect mq_getsetattr mq_notify mq_open mq_timedreceive
    mq_timedreceive_time64 mq_timedsend mq_timedsend_time64 mq_unlink mremap mseal msgctl msgget
    msgrcv msgsnd msync munlock munlockall munmap name_to_handle_at nanosleep newfstatat _newselect
    open openat openat2 pause pidfd_open pidfd_send_signal pipe pipe2 pkey_alloc pkey_free
    pkey_mprotect poll ppoll ppoll_time64 prctl pread64 preadv preadv2 prlimit64 process_mrelease
    pselect6 pselect6_time64 pwrite64 pwritev pwritev2 read readahead readlink readlinkat readv recv
    recvfrom recvmmsg recvmmsg_time64 recvmsg remap_file_pages removexattr removexattrat rename
    renameat renameat2 restart_syscall riscv_hwprobe rmdir rseq rt_sigaction rt_sigpending
    rt_sigprocmask rt_sigqueueinfo rt_sigreturn rt_sigsuspend rt_sigtimedwait rt_sigtimedwait_time64
    rt_tgsigqueueinfo sched_getaffinity sched_getattr sched_getparam sched_get_priority_max
    sched_get_priority_min sched_getscheduler sched_rr_get_interval sched_rr_get_interval_time64
    sched_setaffinity sched_setattr sched_setparam sched_setscheduler sched_yield seccomp select
    semctl semget semop semtimedop semtimedop_time64 send sendfile sendfile64 sendmmsg sendmsg
    sendto setfsgid setfsgid32 setfsuid setfsuid32 setgid setgid32 setgroups setgroups32 setitimer
    setpgid setpriority setregid setregid32 setresgid setresgid32 setresuid setresuid32 setreuid
    setreuid32 setrlimit set_robust_list setsid setsockopt set_thread_area set_tid_address setuid
    setuid32 setxattr setxattrat shmat shmctl shmdt shmget shutdown sigaltstack signalfd signalfd4
    sigprocmask sigreturn socketcall socketpair splice stat stat64 statfs statfs64 statmount statx
    symlink symlinkat sync sync_file_range syncfs sysinfo tee tgkill time timer_create timer_delete
    timer_getoverrun timer_gettime timer_gettime64 timer_settime timer_settime64 timerfd_create
    timerfd_gettime timerfd_gettime64 timerfd_settime timerfd_settime64 times tkill truncate
    truncate64 ugetrlimit umask uname unlink unlinkat uretprobe utime utimensat utimensat_time64
    utimes vfork vmsplice wait4 waitid waitpid write writev
allow if-kernel>=4.8: process_vm_readv process_vm_writev ptrace
# socket(): every address family but AF_ALG (38) and AF_VSOCK (40)
allow arg0<38: socket
allow arg0==39: socket
allow arg0>40: socket
# personality(): PER_LINUX (0), PER_LINUX32 (8), UNAME26 (0x20000), both (0x20008), query (0xffffffff)
allow arg0==0: personality
allow arg0==8: personality
allow arg0==0x20000: personality
allow arg0==0x20008: personality
allow arg0==0xffffffff: personality
allow if-arch=ppc64le: sync_file_range2 swapcontext
allow if-arch=arm,aarch64:
    arm_fadvise64_64 arm_sync_file_range sync_file_range2 breakpoint cacheflush set_tls
allow if-arch=x86_64,x32: arch_prctl
allow if-arch=x86_64,x32,x86: modify_ldt
allow if-arch=s390,s390x: s390_pci_mmio_read s390_pci_mmio_write s390_runtime_instr
allow if-arch=riscv64: riscv_flush_icache
allow if-cap=CAP_DAC_READ_SEARCH: open_by_handle_at
allow if-cap=CAP_SYS_ADMIN:
    bpf clone clone3 fanotify_init fsconfig fsmount fsopen fspick lookup_dcookie lsm_get_self_attr
    lsm_list_modules lsm_set_self_attr mount mount_setattr move_mount open_tree perf_event_open
    quotactl quotactl_fd setdomainname sethostname setns syslog umount umount2 unshare
# clone() without any CLONE_NEW* flag (mask 0x7e020000): no new namespaces without CAP_SYS_ADMIN
allow unless-cap=CAP_SYS_ADMIN unless-arch=s390,s390x arg0&0x7e020000==0: clone
allow if-arch=s390,s390x unless-cap=CAP_SYS_ADMIN arg1&0x7e020000==0: clone
# clone3() hides its flags in memory a filter cannot read: ENOSYS, so that libc falls back to clone()
errno(38) unless-cap=CAP_SYS_ADMIN: clone3
allow if-cap=CAP_SYS_BOOT: reboot
allow if-cap=CAP_SYS_CHROOT: chroot
allow if-cap=CAP_SYS_MODULE: delete_module init_module finit_module
allow if-cap=CAP_SYS_PACCT: acct
allow if-cap=CAP_SYS_PTRACE:
    kcmp pidfd_getfd process_madvise process_vm_readv process_vm_writev ptrace
allow if-cap=CAP_SYS_RAWIO: iopl ioperm
allow if-cap=CAP_SYS_TIME: settimeofday stime clock_settime clock_settime64
allow if-cap=CAP_SYS_TTY_CONFIG: vhangup
allow if-cap=CAP_SYS_NICE: get_mempolicy mbind set_mempolicy set_mempolicy_home_node
allow if-cap=CAP_SYSLOG: syslog
allow if-cap=CAP_BPF: bpf
allow if-cap=CAP_PERFMON: perf_event_open
