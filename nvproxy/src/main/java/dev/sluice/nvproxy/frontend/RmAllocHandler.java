package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.AllocClasses;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos21;
import dev.sluice.nvproxy.abi.NvosParams.Nvos64;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlHandler;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Pointer;

import java.util.Map;
import java.util.function.IntFunction;

/**
 * {@code NV_ESC_RM_ALLOC} ({@code NVOS21_PARAMETERS} or {@code NVOS64_PARAMETERS}).
 *
 * <ul>
 *   <li><b>Client classes</b> ({@code NV01_ROOT}, {@code NV01_ROOT_NON_PRIV}, {@code
 *       NV01_ROOT_CLIENT}): CONTINUE. RM stamps a client with the allocating process ({@code
 *       pClient->ProcID}, src/nvidia/src/kernel/rmapi/client.c) and later refuses that client's CPU
 *       mappings from any other process ({@code rm_create_mmap_context}, osapi.c), so the client
 *       must be allocated in the guest's own context. The class is read from guest memory, so this
 *       choice is advisory: a guest that rewrites the class between the sentry's read and the
 *       kernel's gets, at most, an allocation the driver itself checks against the guest's own
 *       privileges.
 *   <li><b>Allowed classes</b>: EMULATE. The sentry copies exactly the size RM copies for the class
 *       (it ignores the caller's {@code paramsSize}) and, for NVOS64, the 4-byte {@code
 *       RS_ACCESS_MASK} behind {@code pRightsRequested}, zeroes the pointer members of the class's
 *       params that RM does not follow ({@code NV_MEMORY_ALLOCATION_PARAMS.address}), points the
 *       call at its copies and copies the results back.
 *   <li><b>Every other class</b>: {@code NV_ERR_INVALID_CLASS} in {@code status}, as RM answers an
 *       unknown class, logged once with the name.
 * </ul>
 */
public final class RmAllocHandler implements IoctlHandler {
    /**
     * {@code RS_ACCESS_MASK}: {@code NvU32 limbs[SDK_RS_ACCESS_MAX_LIMBS]} with one limb
     * (src/common/sdk/nvidia/inc/rs_access.h).
     */
    static final int RS_ACCESS_MASK_SIZE = 4;

    private final Map<Integer, ClassRule> rules;
    private final long caps;
    private final String driver;
    private final HostDevice host;
    private final IdLabels labels;

    /**
     * @param names the name of any class, allowed or not, for log lines (the tag's)
     */
    public RmAllocHandler(
            HostDevice host,
            Map<Integer, ClassRule> rules,
            long caps,
            String driver,
            IntFunction<String> names) {
        this.host = host;
        this.rules = rules;
        this.caps = caps;
        this.driver = driver;
        this.labels = new IdLabels(names);
    }

    /** A handler naming only the allowed classes and the client classes. */
    public RmAllocHandler(
            HostDevice host, Map<Integer, ClassRule> rules, long caps, String driver) {
        this(host, rules, caps, driver, c -> isClientClass(c) ? "client class" : "class");
    }

    /** Whether {@code hClass} allocates an RM client. */
    public static boolean isClientClass(int hClass) {
        return AllocClasses.isClient(hClass);
    }

    @Override
    public Verdict handle(IoctlCall call, IoctlEntry entry) {
        int size = entry.paramSize();
        boolean v64 = size == Nvos64.SIZE;
        int statusOff = v64 ? Nvos64.OFF_STATUS : Nvos21.OFF_STATUS;
        Pointer p = call.arena().alloc(size);
        int r = call.memory().read(call.request().arg(), p, size);
        if (r < 0) {
            return entry.verdict(IoctlResult.error(-r));
        }
        int hClass = p.getInt(Nvos21.OFF_H_CLASS);
        ClassRule named = rules.get(hClass);
        String what = labels.of(hClass, named != null ? named.name() : null);
        String detail = what;
        if (isClientClass(hClass)) {
            return entry.verdict(detail, IoctlResult.CONTINUE);
        }
        ClassRule rule = rules.get(hClass);
        if (rule == null || (rule.caps() & caps) == 0) {
            return entry.verdict(
                    detail,
                    RmStatus.refuse(
                            call,
                            statusOff,
                            NvStatus.NV_ERR_INVALID_CLASS,
                            (rule == null
                                            ? "unsupported class "
                                            : "class outside the sandbox's capabilities ")
                                    + what
                                    + " on "
                                    + driver));
        }
        if (v64 && (p.getInt(Nvos64.OFF_FLAGS) & Nvos64.NVOS64_FLAGS_FINN_SERIALIZED) != 0) {
            return entry.verdict(
                    detail,
                    RmStatus.refuse(
                            call,
                            statusOff,
                            NvStatus.NV_ERR_NOT_SUPPORTED,
                            "FINN-serialized alloc params of " + what + " are not supported"));
        }
        long guestAlloc = p.getLong(Nvos21.OFF_P_ALLOC_PARMS);
        Pointer alloc = null;
        if (guestAlloc != 0 && rule.paramsSize() > 0) {
            alloc = call.arena().alloc(rule.paramsSize());
            if (call.memory().read(guestAlloc, alloc, rule.paramsSize()) < 0) {
                return entry.verdict(
                        detail,
                        RmStatus.refuse(
                                call,
                                statusOff,
                                NvStatus.NV_ERR_INVALID_ADDRESS,
                                what
                                        + ": alloc params at 0x"
                                        + Long.toHexString(guestAlloc)
                                        + " are not readable"));
            }
            // Pointer members RM does not follow (ClassRule#zeroedPointers, cited in the ABI's
            // rules):
            // no guest address reaches RM from the sentry.
            for (int off : rule.zeroedPointers()) {
                alloc.putLong(off, 0);
            }
            p.putLong(Nvos21.OFF_P_ALLOC_PARMS, alloc.address());
        } else {
            // A class that takes no params: the guest's pointer is cleared all the same, so no
            // guest
            // address reaches RM from the sentry, where RM would follow it into the sentry's
            // memory.
            p.putLong(Nvos21.OFF_P_ALLOC_PARMS, 0);
        }
        long guestRights = v64 ? p.getLong(Nvos64.OFF_P_RIGHTS_REQUESTED) : 0;
        if (guestRights != 0) {
            Pointer rights = call.arena().alloc(RS_ACCESS_MASK_SIZE);
            if (call.memory().read(guestRights, rights, RS_ACCESS_MASK_SIZE) < 0) {
                return entry.verdict(
                        detail,
                        RmStatus.refuse(
                                call,
                                statusOff,
                                NvStatus.NV_ERR_INVALID_ADDRESS,
                                what + ": pRightsRequested is not readable"));
            }
            p.putLong(Nvos64.OFF_P_RIGHTS_REQUESTED, rights.address());
        }
        int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), p.address());
        if (rc < 0) {
            return entry.verdict(detail, IoctlResult.error(-rc));
        }
        int status = p.getInt(statusOff);
        if (status != NvStatus.NV_OK) {
            detail = what + " -> " + NvStatus.name(status);
        }
        if (alloc != null && status == NvStatus.NV_OK) {
            int w = call.memory().write(guestAlloc, alloc, rule.paramsSize());
            if (w < 0) {
                return entry.verdict(detail, IoctlResult.error(-w));
            }
        }
        p.putLong(Nvos21.OFF_P_ALLOC_PARMS, guestAlloc);
        if (v64) {
            p.putLong(Nvos64.OFF_P_RIGHTS_REQUESTED, guestRights);
        }
        int w = call.memory().write(call.request().arg(), p, size);
        return entry.verdict(detail, w < 0 ? IoctlResult.error(-w) : IoctlResult.value(rc));
    }
}
