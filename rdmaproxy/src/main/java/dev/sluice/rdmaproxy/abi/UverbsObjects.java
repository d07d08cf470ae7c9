package dev.sluice.rdmaproxy.abi;

import java.util.Map;

/**
 * Core uverbs object ids: the {@code object_id} of {@link UverbsIoctl.IoctlHdr} and the object type
 * of IDR and FD attributes. Driver objects (ids from 0x1000) are in the driver's own class, such as
 * {@link Mlx5Ids}.
 *
 * <p>DEVICE has no instances (its methods are global). COMP_CHANNEL and ASYNC_EVENT are fd objects:
 * their handle is a file descriptor, not an IDR number. COMP_CHANNEL has no ioctl method in 6.1; it
 * is created only by the legacy write command CREATE_COMP_CHANNEL.
 */
public final class UverbsObjects {
    // From include/uapi/rdma/ib_user_ioctl_cmds.h (linux-libc-dev 6.1.187)
    // enum uverbs_default_objects
    public static final int UVERBS_OBJECT_DEVICE = 0;
    public static final int UVERBS_OBJECT_PD = 1;
    public static final int UVERBS_OBJECT_COMP_CHANNEL = 2;
    public static final int UVERBS_OBJECT_CQ = 3;
    public static final int UVERBS_OBJECT_QP = 4;
    public static final int UVERBS_OBJECT_SRQ = 5;
    public static final int UVERBS_OBJECT_AH = 6;
    public static final int UVERBS_OBJECT_MR = 7;
    public static final int UVERBS_OBJECT_MW = 8;
    public static final int UVERBS_OBJECT_FLOW = 9;
    public static final int UVERBS_OBJECT_XRCD = 10;
    public static final int UVERBS_OBJECT_RWQ_IND_TBL = 11;
    public static final int UVERBS_OBJECT_WQ = 12;
    public static final int UVERBS_OBJECT_FLOW_ACTION = 13;
    public static final int UVERBS_OBJECT_DM = 14;
    public static final int UVERBS_OBJECT_COUNTERS = 15;
    public static final int UVERBS_OBJECT_ASYNC_EVENT = 16;

    /** Object id -> C name. */
    public static final Map<Integer, String> NAMES =
            Map.ofEntries(
                    Map.entry(UVERBS_OBJECT_DEVICE, "UVERBS_OBJECT_DEVICE"),
                    Map.entry(UVERBS_OBJECT_PD, "UVERBS_OBJECT_PD"),
                    Map.entry(UVERBS_OBJECT_COMP_CHANNEL, "UVERBS_OBJECT_COMP_CHANNEL"),
                    Map.entry(UVERBS_OBJECT_CQ, "UVERBS_OBJECT_CQ"),
                    Map.entry(UVERBS_OBJECT_QP, "UVERBS_OBJECT_QP"),
                    Map.entry(UVERBS_OBJECT_SRQ, "UVERBS_OBJECT_SRQ"),
                    Map.entry(UVERBS_OBJECT_AH, "UVERBS_OBJECT_AH"),
                    Map.entry(UVERBS_OBJECT_MR, "UVERBS_OBJECT_MR"),
                    Map.entry(UVERBS_OBJECT_MW, "UVERBS_OBJECT_MW"),
                    Map.entry(UVERBS_OBJECT_FLOW, "UVERBS_OBJECT_FLOW"),
                    Map.entry(UVERBS_OBJECT_XRCD, "UVERBS_OBJECT_XRCD"),
                    Map.entry(UVERBS_OBJECT_RWQ_IND_TBL, "UVERBS_OBJECT_RWQ_IND_TBL"),
                    Map.entry(UVERBS_OBJECT_WQ, "UVERBS_OBJECT_WQ"),
                    Map.entry(UVERBS_OBJECT_FLOW_ACTION, "UVERBS_OBJECT_FLOW_ACTION"),
                    Map.entry(UVERBS_OBJECT_DM, "UVERBS_OBJECT_DM"),
                    Map.entry(UVERBS_OBJECT_COUNTERS, "UVERBS_OBJECT_COUNTERS"),
                    Map.entry(UVERBS_OBJECT_ASYNC_EVENT, "UVERBS_OBJECT_ASYNC_EVENT"));

    private UverbsObjects() {}
}
