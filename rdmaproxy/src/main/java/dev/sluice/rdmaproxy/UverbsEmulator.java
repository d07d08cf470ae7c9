package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsIoctl.IoctlHdr;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Runs one validated uverbs call in the sentry (EMULATE): the sentry issues {@code
 * RDMA_VERBS_IOCTL} on its own dup of the guest's uverbs file, so the kernel acts on the guest's
 * ucontext and objects, but every byte the kernel reads is the sentry's private copy, the one that
 * was validated. A racing guest thread cannot change the call after the check.
 *
 * <p>The private envelope is the guest's with each attribute's {@code data} rewritten
 * (uverbs_ioctl.c, uverbs_process_attr, is the reference for what the kernel reads and writes):
 *
 * <ul>
 *   <li>inline data (at most 8 bytes), IDR handles: as given;
 *   <li>input behind a pointer (PTR_IN and its flavours, handle arrays): the sentry's copy;
 *   <li>PTR_OUT (always a pointer, whatever its length): a sentry buffer first filled from the
 *       guest's, so bytes the kernel does not write come back unchanged; unreadable guest memory is
 *       EFAULT before anything runs;
 *   <li>RAW_FD: the guest's fd number becomes the sentry's dup of that guest file, which must be a
 *       dma-buf; the dup is closed after the call.
 * </ul>
 *
 * Afterwards the guest sees what the kernel would have written into its memory: the PTR_OUT buffers
 * and the {@code UVERBS_ATTR_F_VALID_OUTPUT} flag the kernel sets on them ({@code
 * uverbs_set_output}), and the handle of an IDR the call created ({@code put_user} of the new id
 * into {@code data}). Uverbs fd objects (completion channels, async event files) never reach here:
 * an EMULATE row may not take one ({@link RdmaTable.MethodRow}).
 */
final class UverbsEmulator {
    private final HostDevice host;

    UverbsEmulator(HostDevice host) {
        this.host = host;
    }

    /** How one attribute of the private envelope was built, for the copy-back. */
    private record Slot(UverbsEnvelope.Attr guest, UverbsSchema.Attr spec, Pointer out) {}

    /**
     * @param inputs the sentry's copies of the input attributes longer than {@link
     *     UverbsSchema#INLINE_MAX}
     * @param names describes an attribute of this call for messages
     * @param driverResponse receives the driver response (UHW_OUT) as the kernel wrote it into the
     *     sentry's buffer, when the call succeeded and the kernel flagged it written; or null
     */
    IoctlResult run(
            IoctlCall call,
            UverbsEnvelope env,
            UverbsSchema.Method schema,
            Map<Integer, Pointer> inputs,
            String where,
            IntFunction<String> names,
            Consumer<byte[]> driverResponse) {
        int n = env.attrs().size();
        Pointer hdr = call.arena().alloc(IoctlHdr.SIZE + (long) n * UverbsIoctl.Attr.SIZE);
        hdr.putShort(IoctlHdr.OFF_LENGTH, (short) env.length());
        hdr.putShort(IoctlHdr.OFF_OBJECT_ID, (short) env.objectId());
        hdr.putShort(IoctlHdr.OFF_METHOD_ID, (short) env.methodId());
        hdr.putShort(IoctlHdr.OFF_NUM_ATTRS, (short) n);
        hdr.putInt(IoctlHdr.OFF_DRIVER_ID, env.driverId());
        List<Slot> slots = new ArrayList<>(n);
        List<HostFd> fds = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                UverbsEnvelope.Attr a = env.attrs().get(i);
                UverbsSchema.Attr spec = schema.attr(a.id()).orElseThrow();
                long data = a.data();
                Pointer out = null;
                if (spec.type() == UverbsSchema.AttrType.PTR_OUT) {
                    out = call.arena().alloc(a.len());
                    if (a.len() > 0) {
                        int r = call.memory().read(a.data(), out, a.len());
                        if (r < 0) {
                            return IoctlResult.deny(
                                    -r,
                                    "uverbs: attribute "
                                            + names.apply(a.id())
                                            + " of "
                                            + where
                                            + " points at unwritable guest memory (0x"
                                            + Long.toHexString(a.data())
                                            + ", "
                                            + a.len()
                                            + " bytes)");
                        }
                    }
                    data = out.address();
                } else if (spec.type() == UverbsSchema.AttrType.RAW_FD) {
                    int guestFd = (int) a.data();
                    long dup = call.guestFile(guestFd);
                    if (dup < 0) {
                        return IoctlResult.deny(
                                Errno.EINVAL,
                                "uverbs: attribute "
                                        + names.apply(a.id())
                                        + " of "
                                        + where
                                        + " names fd "
                                        + guestFd
                                        + ", which the caller does not have open");
                    }
                    HostFd f = HostFd.adopt((int) dup);
                    fds.add(f);
                    if (!host.isDmaBuf(f.fd())) {
                        String link = host.link(f.fd());
                        return IoctlResult.deny(
                                Errno.EINVAL,
                                "uverbs: attribute "
                                        + names.apply(a.id())
                                        + " of "
                                        + where
                                        + " names fd "
                                        + guestFd
                                        + (link != null ? " (" + link + ")" : "")
                                        + ", which is not a dma-buf");
                    }
                    data = spec.fdInline() ? Integer.toUnsignedLong(f.fd()) : f.fd();
                } else if (inputs.containsKey(a.id())) {
                    data = inputs.get(a.id()).address();
                }
                int at = IoctlHdr.OFF_ATTRS + i * UverbsIoctl.Attr.SIZE;
                hdr.putShort(at + UverbsIoctl.Attr.OFF_ATTR_ID, (short) a.id());
                hdr.putShort(at + UverbsIoctl.Attr.OFF_LEN, (short) a.len());
                hdr.putShort(at + UverbsIoctl.Attr.OFF_FLAGS, (short) a.flags());
                hdr.putShort(at + UverbsIoctl.Attr.OFF_ATTR_DATA, (short) a.attrData());
                hdr.putLong(at + UverbsIoctl.Attr.OFF_DATA, data);
                slots.add(new Slot(a, spec, out));
            }
            int rc = host.ioctl(call.hostFd().fd(), UverbsIoctl.RDMA_VERBS_IOCTL, hdr.address());
            int copied = copyBack(call, hdr, slots);
            if (rc < 0) {
                return IoctlResult.error(-rc);
            }
            if (driverResponse != null) {
                driverResponse(hdr, slots, driverResponse);
            }
            return copied < 0 ? IoctlResult.error(-copied) : IoctlResult.value(rc);
        } finally {
            fds.forEach(HostFd::close);
        }
    }

    /** Hands {@code to} the UHW_OUT buffer the kernel flagged written, if there is one. */
    private static void driverResponse(Pointer hdr, List<Slot> slots, Consumer<byte[]> to) {
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            int at = IoctlHdr.OFF_ATTRS + i * UverbsIoctl.Attr.SIZE;
            int flags = Short.toUnsignedInt(hdr.getShort(at + UverbsIoctl.Attr.OFF_FLAGS));
            if (s.guest().id() == UverbsAttrs.UVERBS_ATTR_UHW_OUT
                    && s.out() != null
                    && (flags & UverbsIoctl.UVERBS_ATTR_F_VALID_OUTPUT) != 0) {
                byte[] bytes = new byte[s.guest().len()];
                s.out().get(0, bytes, 0, bytes.length);
                to.accept(bytes);
            }
        }
    }

    /** Writes back what the kernel wrote into the private envelope; 0 or {@code -errno}. */
    private static int copyBack(IoctlCall call, Pointer hdr, List<Slot> slots) {
        int result = 0;
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            int at = IoctlHdr.OFF_ATTRS + i * UverbsIoctl.Attr.SIZE;
            long guestAttr = call.request().arg() + at;
            int flags = Short.toUnsignedInt(hdr.getShort(at + UverbsIoctl.Attr.OFF_FLAGS));
            if (s.out() != null && (flags & UverbsIoctl.UVERBS_ATTR_F_VALID_OUTPUT) != 0) {
                int r =
                        s.guest().len() == 0
                                ? 0
                                : call.memory().write(s.guest().data(), s.out(), s.guest().len());
                r =
                        r < 0
                                ? r
                                : call.memory()
                                        .write(
                                                guestAttr + UverbsIoctl.Attr.OFF_FLAGS,
                                                hdr.slice(at + UverbsIoctl.Attr.OFF_FLAGS, 2),
                                                2);
                result = result < 0 ? result : r;
            }
            if (s.spec().type() == UverbsSchema.AttrType.IDR
                    && s.spec().access() == UverbsSchema.Access.NEW
                    && hdr.getLong(at + UverbsIoctl.Attr.OFF_DATA) != s.guest().data()) {
                int r =
                        call.memory()
                                .write(
                                        guestAttr + UverbsIoctl.Attr.OFF_DATA,
                                        hdr.slice(at + UverbsIoctl.Attr.OFF_DATA, 8),
                                        8);
                result = result < 0 ? result : r;
            }
        }
        return result;
    }
}
