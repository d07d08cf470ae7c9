package dev.sluice.sentry.notify;

import dev.sluice.sentry.nativeio.SeccompAbi;

import jnr.ffi.Pointer;

/**
 * One trapped syscall, decoded from {@code struct seccomp_notif}.
 *
 * @param id the kernel's cookie for this notification; every response names it
 * @param tid the calling thread, as a pid in the sentry's pid namespace
 * @param nr the syscall number
 * @param arch the AUDIT_ARCH of the call
 * @param args the six raw syscall arguments, as the guest passed them (64 bits each)
 */
public record Notification(long id, int tid, int nr, int arch, long[] args) {

    static Notification decode(Pointer p) {
        long[] args = new long[6];
        for (int i = 0; i < 6; i++) {
            args[i] = p.getLong(SeccompAbi.NOTIF_OFF_DATA + SeccompAbi.DATA_OFF_ARGS + 8L * i);
        }
        return new Notification(
                p.getLong(SeccompAbi.NOTIF_OFF_ID),
                p.getInt(SeccompAbi.NOTIF_OFF_PID),
                p.getInt(SeccompAbi.NOTIF_OFF_DATA + SeccompAbi.DATA_OFF_NR),
                p.getInt(SeccompAbi.NOTIF_OFF_DATA + SeccompAbi.DATA_OFF_ARCH),
                args);
    }

    public long arg(int i) {
        return args[i];
    }
}
