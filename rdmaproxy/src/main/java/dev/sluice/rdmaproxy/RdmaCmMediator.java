package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestPointer;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Refuse;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmPolicy;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmSandbox;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.GuestIovec;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;

import jnr.ffi.Pointer;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * RDMAProxy's mediation of {@code /dev/infiniband/rdma_cm}: every command written to a granted
 * rdma_cm file (one per {@code write()} segment, as {@code ucma_write} takes them) is copied into
 * the sentry and decided by the sandbox's {@link RdmaCmPolicy} (docs/rdma-drivers.md, "rdma_cm"). A
 * refused command fails with the policy's errno and one line; an allowed one is continued: the
 * kernel runs it in the guest's context, in the guest's network namespace, with the guest's
 * capabilities, writing its response to the guest's own buffers. Where the policy changes the bytes
 * (a LISTEN backlog beyond the default), the sentry writes its version into the guest's buffer
 * first; the bytes behind a pointer the policy vets (IB path records) are read from guest memory
 * and vetted.
 *
 * <p>Continuing makes the checks advisory against a guest that races the sentry (the kernel reads
 * the command again), as for the uverbs CONTINUE rows. The sandbox's addresses and GIDs are read
 * once, at the first command, from the granted devices' GID tables: a RoCE GID stands for its
 * netdev's address (IPv4-mapped ones as IPv4).
 */
final class RdmaCmMediator {
    /** The largest command {@code ucma_write} takes, header included, with room to spare. */
    static final int MAX_WRITE = 4096;

    private final CharDevice device;
    private final Supplier<RdmaCmSandbox> sandbox;
    private RdmaCmPolicy policy;

    /**
     * @param device the char device of the granted rdma_cm node
     * @param sandbox the sandbox's addresses and GIDs, asked for once, at the first command
     */
    RdmaCmMediator(CharDevice device, Supplier<RdmaCmSandbox> sandbox) {
        this.device = device;
        this.sandbox = sandbox;
    }

    CharDevice device() {
        return device;
    }

    private synchronized RdmaCmPolicy policy() {
        if (policy == null) {
            policy = RdmaCmPolicy.kernelRun(sandbox.get());
        }
        return policy;
    }

    /** Decides one write-family call on a granted rdma_cm file. */
    Verdict write(WriteCall call) {
        String name = call.request().syscallName();
        GuestIovec.Segments segments = GuestIovec.read(call.request(), call.memory(), call.arena());
        if (segments.errno() != 0) {
            return deny(segments.errno(), "cannot read the iovec array of " + call.request(), name);
        }
        Verdict last = new Verdict(IoctlResult.CONTINUE, name);
        for (GuestIovec.Segment seg : segments.list()) {
            if (seg.len() > MAX_WRITE) {
                return deny(
                        Errno.EINVAL,
                        "a write of " + seg.len() + " bytes is longer than any command",
                        name);
            }
            byte[] bytes = read(call, seg.addr(), (int) seg.len());
            if (bytes == null) {
                return deny(
                        Errno.EFAULT,
                        "cannot read the "
                                + seg.len()
                                + " bytes written at 0x"
                                + Long.toHexString(seg.addr()),
                        name);
            }
            RdmaCmDecision d = policy().decide(bytes);
            if (d instanceof Execute e) {
                d = vet(call, e);
            }
            if (d instanceof Refuse r) {
                return deny(r.errno(), r.reason(), name);
            }
            Execute e = (Execute) d;
            byte[] decided = e.bytes();
            if (!Arrays.equals(decided, bytes)) {
                // The kernel reads the command again: it must read the policy's version.
                Pointer p = call.arena().alloc(decided.length);
                p.put(0, decided, 0, decided.length);
                int rc = call.memory().write(seg.addr(), p, decided.length);
                if (rc < 0) {
                    return deny(-rc, "cannot write the decided command back", name);
                }
            }
            last = new Verdict(IoctlResult.CONTINUE, "write " + e.command().name());
        }
        return last;
    }

    /** The policy's verdict on the bytes behind the pointer it vets, read from guest memory. */
    private RdmaCmDecision vet(WriteCall call, Execute e) {
        GuestPointer p = e.vetted();
        if (p == null) {
            return e;
        }
        byte[] input = read(call, p.address(), p.length());
        if (input == null) {
            return new Refuse(
                    Errno.EFAULT,
                    "rdma_cm: "
                            + e.command().name()
                            + ": cannot read "
                            + p.length()
                            + " bytes of "
                            + p.field()
                            + " at 0x"
                            + Long.toHexString(p.address()));
        }
        return policy().vetInput(e, input);
    }

    private static byte[] read(WriteCall call, long addr, int len) {
        Pointer p = call.arena().alloc(len);
        if (call.memory().read(addr, p, len) < 0) {
            return null;
        }
        byte[] bytes = new byte[len];
        p.get(0, bytes, 0, len);
        return bytes;
    }

    private static Verdict deny(int errno, String reason, String name) {
        return new Verdict(
                IoctlResult.deny(
                        errno, reason.startsWith("rdma_cm") ? reason : "rdma_cm: " + reason),
                name);
    }
}
