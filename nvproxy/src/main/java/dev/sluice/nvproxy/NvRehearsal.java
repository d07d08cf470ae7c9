package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.NvosParams.Nvos00;
import dev.sluice.nvproxy.abi.NvosParams.Nvos21;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;
import dev.sluice.nvproxy.driver.NvidiaDevices;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CallRehearsal;
import dev.sluice.sentry.spi.DeviceProxy;

import jnr.ffi.Pointer;

import java.nio.charset.StandardCharsets;

/**
 * NVProxy's rehearsal ({@link CallRehearsal}): the life of an RM client on {@code /dev/nvidiactl},
 * the calls every CUDA program starts with. Each round allocates a root client ({@code
 * NV_ESC_RM_ALLOC} of {@code NV01_ROOT}, which NVProxy continues), issues {@link #CONTROLS}
 * read-only controls on it ({@code NV0000_CTRL_CMD_SYSTEM_GET_FEATURES}, emulated: the sentry's
 * copy of the params, its dup of the file, the result written back through guest memory) and frees
 * it ({@code NV_ESC_RM_FREE}, emulated). The client is the rehearsal thread's own and is gone when
 * its round ends (and in any case when the file is closed); no GPU object is allocated, so nothing
 * reaches a GPU. Layouts: {@link Nvos21}, {@link Nvos54}, {@link Nvos00}
 * (src/common/sdk/nvidia/inc/nvos.h).
 */
final class NvRehearsal implements CallRehearsal {
    /** Rounds of a client's life. */
    static final int ROUNDS = 2;

    /** Controls per round: past the JIT's compile thresholds (bin/sluice) for their path. */
    static final int CONTROLS = 60;

    /**
     * {@code NV0000_CTRL_CMD_SYSTEM_GET_FEATURES}, from
     * src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000system.h; its params are one {@code NvU32}
     * ({@code NV0000_CTRL_SYSTEM_GET_FEATURES_PARAMS}).
     */
    static final int SYSTEM_GET_FEATURES = 0x1f0;

    /** {@code NV01_ROOT}, the client class (src/common/sdk/nvidia/inc/class/cl0000.h). */
    static final int NV01_ROOT = 0x0;

    private final NvProxy proxy;

    NvRehearsal(NvProxy proxy) {
        this.proxy = proxy;
    }

    @Override
    public DeviceProxy proxy() {
        return proxy;
    }

    @Override
    public int perform(Arena arena) {
        byte[] path = ("/dev/" + NvidiaDevices.CTL).getBytes(StandardCharsets.US_ASCII);
        Pointer p = arena.alloc(path.length + 1);
        p.put(0, path, 0, path.length);
        int fd = Native.LIBC.open(p.address(), Native.O_RDWR | Native.O_CLOEXEC, 0);
        if (fd < 0) {
            return 0;
        }
        int calls = 0;
        try {
            Pointer features = arena.alloc(4);
            for (int round = 0; round < ROUNDS; round++) {
                Pointer alloc = arena.alloc(Nvos21.SIZE);
                alloc.putInt(Nvos21.OFF_H_CLASS, NV01_ROOT);
                calls++;
                if (Native.ioctl(fd, Nvos21.REQUEST, alloc.address()) < 0
                        || alloc.getInt(Nvos21.OFF_STATUS) != 0) {
                    break;
                }
                int client = alloc.getInt(Nvos21.OFF_H_OBJECT_NEW);
                Pointer control = arena.alloc(Nvos54.SIZE);
                for (int i = 0; i < CONTROLS; i++) {
                    control.putInt(Nvos54.OFF_H_CLIENT, client);
                    control.putInt(Nvos54.OFF_H_OBJECT, client);
                    control.putInt(Nvos54.OFF_CMD, SYSTEM_GET_FEATURES);
                    control.putInt(Nvos54.OFF_FLAGS, Nvos54.NVOS54_FLAGS_NONE);
                    control.putLong(Nvos54.OFF_PARAMS, features.address());
                    control.putInt(Nvos54.OFF_PARAMS_SIZE, 4);
                    control.putInt(Nvos54.OFF_STATUS, 0);
                    calls++;
                    Native.ioctl(fd, Nvos54.REQUEST, control.address());
                }
                Pointer free = arena.alloc(Nvos00.SIZE);
                free.putInt(Nvos00.OFF_H_ROOT, client);
                free.putInt(Nvos00.OFF_H_OBJECT_OLD, client);
                calls++;
                Native.ioctl(fd, Nvos00.REQUEST, free.address());
            }
        } finally {
            Native.close(fd);
        }
        return calls;
    }

    @Override
    public void close() {
        proxy.close();
    }
}
