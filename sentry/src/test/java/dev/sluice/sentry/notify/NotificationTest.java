package dev.sluice.sentry.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.SeccompAbi;
import dev.sluice.sentry.nativeio.Syscalls;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NotificationTest {

    @Test
    void decodesStructSeccompNotif() {
        Pointer p = Memory.allocateDirect(Native.RUNTIME, SeccompAbi.NOTIF_SIZE, true);
        p.putLong(SeccompAbi.NOTIF_OFF_ID, 0x1122334455667788L);
        p.putInt(SeccompAbi.NOTIF_OFF_PID, 4321);
        p.putInt(SeccompAbi.NOTIF_OFF_FLAGS, 0);
        int data = SeccompAbi.NOTIF_OFF_DATA;
        p.putInt(data + SeccompAbi.DATA_OFF_NR, Syscalls.SYS_IOCTL);
        p.putInt(data + SeccompAbi.DATA_OFF_ARCH, SeccompAbi.AUDIT_ARCH_X86_64);
        p.putLong(data + SeccompAbi.DATA_OFF_IP, 0x401000);
        long[] args = {7, 0xffffffffc020462aL, 0x7ffd0000L, 3, 4, 5};
        for (int i = 0; i < 6; i++) {
            p.putLong(data + SeccompAbi.DATA_OFF_ARGS + 8L * i, args[i]);
        }
        Notification n = Notification.decode(p);
        assertEquals(0x1122334455667788L, n.id(), "id");
        assertEquals(4321, n.tid(), "pid field is the calling thread");
        assertEquals(Syscalls.SYS_IOCTL, n.nr(), "syscall number");
        assertEquals(SeccompAbi.AUDIT_ARCH_X86_64, n.arch(), "arch");
        for (int i = 0; i < 6; i++) {
            assertEquals(args[i], n.arg(i), "arg " + i + " as the guest passed it, 64 bits");
        }
        assertEquals(
                0xc020462a,
                (int) n.arg(1),
                "a sign-extended request truncates to the kernel's cmd");
    }
}
