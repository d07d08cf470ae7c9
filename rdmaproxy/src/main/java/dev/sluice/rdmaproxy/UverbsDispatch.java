package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.abi.UverbsObjects;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import java.util.HashSet;
import java.util.Set;

/**
 * Decides one {@code RDMA_VERBS_IOCTL} by the schema and the table: the envelope must be well
 * framed, (object, method) must have a row in {@link RdmaTable}, every attribute id must be
 * declared by that method (once), every mandatory attribute must be present and, for
 * {@code UVERBS_METHOD_INVOKE_WRITE}, the legacy command must have a row too. Anything unmodelled
 * is denied with EINVAL and a reason that names object, method and attribute.
 *
 * <p>Step 1 answers every allowed call with CONTINUE: the kernel then re-reads the envelope from
 * guest memory, so these checks bind an honest guest and are advisory against a racing one
 * (docs/security-model.md).
 */
public final class UverbsDispatch {
    private final RdmaTable table;
    private final UverbsNames names;

    public UverbsDispatch(RdmaTable table, UverbsNames names) {
        this.table = table;
        this.names = names;
    }

    public IoctlResult dispatch(IoctlCall call) {
        UverbsEnvelope.Read read = UverbsEnvelope.read(call);
        if (read instanceof UverbsEnvelope.Bad bad) {
            // Bad framing (EINVAL) or unreadable guest memory (EFAULT): nobody executes the call.
            return IoctlResult.deny(bad.fault().errno(), "uverbs: " + bad.fault().reason());
        }
        return decide(((UverbsEnvelope.Ok) read).envelope());
    }

    /** The decision on an envelope the sentry already holds a copy of. */
    IoctlResult decide(UverbsEnvelope env) {
        int object = env.objectId();
        int method = env.methodId();
        String where = "method " + names.method(object, method) + " on object " + names.object(object);
        if (UverbsEnvelope.driverNamespace(object) || UverbsEnvelope.driverNamespace(method)) {
            return deny("driver-namespace " + where + " is not modelled");
        }
        RdmaTable.MethodRow row = table.method(object, method);
        if (row == null) {
            return deny("unsupported " + where);
        }
        UverbsSchema.Method schema = row.schema();
        Set<Integer> seen = new HashSet<>();
        UverbsEnvelope.Attr writeCmd = null;
        for (UverbsEnvelope.Attr a : env.attrs()) {
            if (schema.attr(a.id()).isEmpty()) {
                return deny("unsupported attribute " + names.describeAttr(object, method, a.id()) + " of " + where);
            }
            if (!seen.add(a.id())) {
                return deny("attribute " + names.describeAttr(object, method, a.id()) + " given twice to " + where);
            }
            if (object == UverbsObjects.UVERBS_OBJECT_DEVICE && method == UverbsMethods.UVERBS_METHOD_INVOKE_WRITE
                    && a.id() == UverbsAttrs.UVERBS_ATTR_WRITE_CMD) {
                writeCmd = a;
            }
        }
        for (UverbsSchema.Attr s : schema.attrs()) {
            if (s.mandatory() && !seen.contains(s.id())) {
                return deny("mandatory attribute " + names.describeAttr(object, method, s.id()) + " missing from " + where);
            }
        }
        if (writeCmd != null) {
            IoctlResult w = decideWrite(writeCmd, where);
            if (w != null) {
                return w;
            }
        }
        return row.disposition() == Disposition.CONTINUE ? IoctlResult.CONTINUE
                : deny(where + " has disposition " + row.disposition() + ", which step 1 does not implement");
    }

    /**
     * {@code UVERBS_ATTR_WRITE_CMD} is a CONST_IN: a u64 carried inline. The kernel takes it as a u32
     * command whose only bits are the command number and the extended flag
     * (uapi_get_method in rdma_core.h). Returns null when the command has a CONTINUE row.
     */
    private IoctlResult decideWrite(UverbsEnvelope.Attr a, String where) {
        String attr = names.describeAttr(UverbsObjects.UVERBS_OBJECT_DEVICE, UverbsMethods.UVERBS_METHOD_INVOKE_WRITE, a.id());
        if (a.len() != 8) {
            return deny("attribute " + attr + " of " + where + " has length " + a.len() + ", expected 8 (inline u64)");
        }
        long v = a.data();
        long extendedFlag = Integer.toUnsignedLong(LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED);
        long allowedBits = extendedFlag | LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK;
        if ((v & ~allowedBits) != 0) {
            return deny(String.format("write command 0x%x in %s of %s is not a command number", v, attr, where));
        }
        boolean extended = (v & extendedFlag) != 0;
        int command = (int) (v & LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK);
        RdmaTable.WriteRow row = table.write(command, extended);
        if (row == null) {
            String name = (extended ? LegacyCommands.EX_CMD_NAMES : LegacyCommands.CMD_NAMES).get(command);
            return deny(String.format("unsupported %swrite command %d%s via %s", extended ? "extended " : "", command,
                    name != null ? " (" + name + ")" : "", where));
        }
        if (row.disposition() != Disposition.CONTINUE) {
            return deny(row.name() + " has disposition " + row.disposition() + ", which step 1 does not implement");
        }
        return null;
    }

    private static IoctlResult deny(String reason) {
        return IoctlResult.deny(Errno.EINVAL, "uverbs: " + reason);
    }
}
