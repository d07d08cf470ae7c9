package dev.sluice.oci.launch;

/**
 * The CLONE_NEW* flags as the kernel defines them (include/uapi/linux/sched.h), written out for the
 * plan tests so that they check the compiler's flags against the kernel's numbers, not against the
 * compiler's own table.
 */
final class CloneFlags {
    static final long NEWNS = 0x00020000L;
    static final long NEWUTS = 0x04000000L;
    static final long NEWIPC = 0x08000000L;
    static final long NEWUSER = 0x10000000L;
    static final long NEWPID = 0x20000000L;
    static final long NEWNET = 0x40000000L;

    private CloneFlags() {}
}
