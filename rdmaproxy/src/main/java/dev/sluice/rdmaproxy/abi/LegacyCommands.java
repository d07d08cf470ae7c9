package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import java.util.List;
import java.util.Map;

/**
 * The legacy uverbs {@code write()} ABI: command numbers, the two command headers, and the request
 * and response structs of every command the 6.1 kernel still registers. The same commands are
 * reachable through the ioctl path as {@code UVERBS_METHOD_INVOKE_WRITE} on the DEVICE object,
 * whose {@code UVERBS_ATTR_WRITE_CMD} carries the command number and {@code UVERBS_ATTR_CORE_IN}/
 * {@code UVERBS_ATTR_CORE_OUT} the request and response.
 *
 * <p>Framing, as checked by drivers/infiniband/core/uverbs_main.c (Debian linux-source-6.1
 * 6.1.192):
 *
 * <ul>
 *   <li>A plain command is {@link CmdHdr} then the request. {@code in_words} counts 4-byte words
 *       and includes the 8-byte header: it must equal the byte count of the write divided by 4.
 *       {@code out_words} counts 4-byte words of the response, which the kernel writes to the user
 *       address in the request's first field, {@code response}.
 *   <li>An extended command has {@link #IB_USER_VERBS_CMD_FLAG_EXTENDED} set in {@code command} and
 *       is {@link CmdHdr}, {@link ExCmdHdr}, then the request. There {@code in_words} and {@code
 *       provider_in_words} count 8-byte words and exclude both headers; the response address is
 *       {@code ExCmdHdr.response}.
 *   <li>A request shorter than {@link WriteMethod#requestSize()} is refused; driver data (udata)
 *       follows the core request where {@link WriteMethod#udata()} is set.
 * </ul>
 *
 * <p>Soft-RoCE rings its send doorbell through this path (rdma-core providers/rxe/rxe.c, {@code
 * post_send_db}): one 32-byte {@code write()} of {@link CmdHdr} plus {@link PostSend} with {@code
 * command = IB_USER_VERBS_CMD_POST_SEND}, {@code in_words = 8}, {@code out_words = 1}, {@code
 * wr_count = 0} and {@code sge_count = 0}; the work requests themselves are already in the mmap'ed
 * send queue. The sentry does not trap {@code write()}, so this ABI is recorded, not mediated
 * (docs/security-model.md).
 */
public final class LegacyCommands {
    // From include/uapi/rdma/ib_user_verbs.h (linux-libc-dev 6.1.187)
    public static final int IB_USER_VERBS_ABI_VERSION = 6;

    /**
     * Extended command numbers start here (they are also below it: QUERY_DEVICE, CREATE_CQ, ...).
     */
    public static final int IB_USER_VERBS_CMD_THRESHOLD = 50;

    public static final int IB_USER_VERBS_CMD_COMMAND_MASK = 0xff;
    public static final int IB_USER_VERBS_CMD_FLAG_EXTENDED = 0x80000000;
    public static final int IB_USER_VERBS_MAX_LOG_IND_TBL_SIZE = 0x0d;

    // enum ib_uverbs_write_cmds
    public static final int IB_USER_VERBS_CMD_GET_CONTEXT = 0;
    public static final int IB_USER_VERBS_CMD_QUERY_DEVICE = 1;
    public static final int IB_USER_VERBS_CMD_QUERY_PORT = 2;
    public static final int IB_USER_VERBS_CMD_ALLOC_PD = 3;
    public static final int IB_USER_VERBS_CMD_DEALLOC_PD = 4;
    public static final int IB_USER_VERBS_CMD_CREATE_AH = 5;
    public static final int IB_USER_VERBS_CMD_MODIFY_AH = 6;
    public static final int IB_USER_VERBS_CMD_QUERY_AH = 7;
    public static final int IB_USER_VERBS_CMD_DESTROY_AH = 8;
    public static final int IB_USER_VERBS_CMD_REG_MR = 9;
    public static final int IB_USER_VERBS_CMD_REG_SMR = 10;
    public static final int IB_USER_VERBS_CMD_REREG_MR = 11;
    public static final int IB_USER_VERBS_CMD_QUERY_MR = 12;
    public static final int IB_USER_VERBS_CMD_DEREG_MR = 13;
    public static final int IB_USER_VERBS_CMD_ALLOC_MW = 14;
    public static final int IB_USER_VERBS_CMD_BIND_MW = 15;
    public static final int IB_USER_VERBS_CMD_DEALLOC_MW = 16;
    public static final int IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL = 17;
    public static final int IB_USER_VERBS_CMD_CREATE_CQ = 18;
    public static final int IB_USER_VERBS_CMD_RESIZE_CQ = 19;
    public static final int IB_USER_VERBS_CMD_DESTROY_CQ = 20;
    public static final int IB_USER_VERBS_CMD_POLL_CQ = 21;
    public static final int IB_USER_VERBS_CMD_PEEK_CQ = 22;
    public static final int IB_USER_VERBS_CMD_REQ_NOTIFY_CQ = 23;
    public static final int IB_USER_VERBS_CMD_CREATE_QP = 24;
    public static final int IB_USER_VERBS_CMD_QUERY_QP = 25;
    public static final int IB_USER_VERBS_CMD_MODIFY_QP = 26;
    public static final int IB_USER_VERBS_CMD_DESTROY_QP = 27;
    public static final int IB_USER_VERBS_CMD_POST_SEND = 28;
    public static final int IB_USER_VERBS_CMD_POST_RECV = 29;
    public static final int IB_USER_VERBS_CMD_ATTACH_MCAST = 30;
    public static final int IB_USER_VERBS_CMD_DETACH_MCAST = 31;
    public static final int IB_USER_VERBS_CMD_CREATE_SRQ = 32;
    public static final int IB_USER_VERBS_CMD_MODIFY_SRQ = 33;
    public static final int IB_USER_VERBS_CMD_QUERY_SRQ = 34;
    public static final int IB_USER_VERBS_CMD_DESTROY_SRQ = 35;
    public static final int IB_USER_VERBS_CMD_POST_SRQ_RECV = 36;
    public static final int IB_USER_VERBS_CMD_OPEN_XRCD = 37;
    public static final int IB_USER_VERBS_CMD_CLOSE_XRCD = 38;
    public static final int IB_USER_VERBS_CMD_CREATE_XSRQ = 39;
    public static final int IB_USER_VERBS_CMD_OPEN_QP = 40;

    // enum (anonymous)
    public static final int IB_USER_VERBS_EX_CMD_QUERY_DEVICE = 1;
    public static final int IB_USER_VERBS_EX_CMD_CREATE_CQ = 18;
    public static final int IB_USER_VERBS_EX_CMD_CREATE_QP = 24;
    public static final int IB_USER_VERBS_EX_CMD_MODIFY_QP = 26;
    public static final int IB_USER_VERBS_EX_CMD_CREATE_FLOW = 50;
    public static final int IB_USER_VERBS_EX_CMD_DESTROY_FLOW = 51;
    public static final int IB_USER_VERBS_EX_CMD_CREATE_WQ = 52;
    public static final int IB_USER_VERBS_EX_CMD_MODIFY_WQ = 53;
    public static final int IB_USER_VERBS_EX_CMD_DESTROY_WQ = 54;
    public static final int IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL = 55;
    public static final int IB_USER_VERBS_EX_CMD_DESTROY_RWQ_IND_TBL = 56;
    public static final int IB_USER_VERBS_EX_CMD_MODIFY_CQ = 57;

    // enum ib_uverbs_wc_opcode
    public static final int IB_UVERBS_WC_SEND = 0;
    public static final int IB_UVERBS_WC_RDMA_WRITE = 1;
    public static final int IB_UVERBS_WC_RDMA_READ = 2;
    public static final int IB_UVERBS_WC_COMP_SWAP = 3;
    public static final int IB_UVERBS_WC_FETCH_ADD = 4;
    public static final int IB_UVERBS_WC_BIND_MW = 5;
    public static final int IB_UVERBS_WC_LOCAL_INV = 6;
    public static final int IB_UVERBS_WC_TSO = 7;

    // enum ib_uverbs_create_qp_mask
    public static final int IB_UVERBS_CREATE_QP_MASK_IND_TABLE = 0x1;

    // enum (anonymous)
    public static final int IB_UVERBS_CREATE_QP_SUP_COMP_MASK = 1;

    // enum ib_uverbs_wr_opcode
    public static final int IB_UVERBS_WR_RDMA_WRITE = 0;
    public static final int IB_UVERBS_WR_RDMA_WRITE_WITH_IMM = 1;
    public static final int IB_UVERBS_WR_SEND = 2;
    public static final int IB_UVERBS_WR_SEND_WITH_IMM = 3;
    public static final int IB_UVERBS_WR_RDMA_READ = 4;
    public static final int IB_UVERBS_WR_ATOMIC_CMP_AND_SWP = 5;
    public static final int IB_UVERBS_WR_ATOMIC_FETCH_AND_ADD = 6;
    public static final int IB_UVERBS_WR_LOCAL_INV = 7;
    public static final int IB_UVERBS_WR_BIND_MW = 8;
    public static final int IB_UVERBS_WR_SEND_WITH_INV = 9;
    public static final int IB_UVERBS_WR_TSO = 10;
    public static final int IB_UVERBS_WR_RDMA_READ_WITH_INV = 11;
    public static final int IB_UVERBS_WR_MASKED_ATOMIC_CMP_AND_SWP = 12;
    public static final int IB_UVERBS_WR_MASKED_ATOMIC_FETCH_AND_ADD = 13;

    /** Plain command number -> C name. */
    public static final Map<Integer, String> CMD_NAMES =
            Map.ofEntries(
                    Map.entry(IB_USER_VERBS_CMD_GET_CONTEXT, "IB_USER_VERBS_CMD_GET_CONTEXT"),
                    Map.entry(IB_USER_VERBS_CMD_QUERY_DEVICE, "IB_USER_VERBS_CMD_QUERY_DEVICE"),
                    Map.entry(IB_USER_VERBS_CMD_QUERY_PORT, "IB_USER_VERBS_CMD_QUERY_PORT"),
                    Map.entry(IB_USER_VERBS_CMD_ALLOC_PD, "IB_USER_VERBS_CMD_ALLOC_PD"),
                    Map.entry(IB_USER_VERBS_CMD_DEALLOC_PD, "IB_USER_VERBS_CMD_DEALLOC_PD"),
                    Map.entry(IB_USER_VERBS_CMD_CREATE_AH, "IB_USER_VERBS_CMD_CREATE_AH"),
                    Map.entry(IB_USER_VERBS_CMD_MODIFY_AH, "IB_USER_VERBS_CMD_MODIFY_AH"),
                    Map.entry(IB_USER_VERBS_CMD_QUERY_AH, "IB_USER_VERBS_CMD_QUERY_AH"),
                    Map.entry(IB_USER_VERBS_CMD_DESTROY_AH, "IB_USER_VERBS_CMD_DESTROY_AH"),
                    Map.entry(IB_USER_VERBS_CMD_REG_MR, "IB_USER_VERBS_CMD_REG_MR"),
                    Map.entry(IB_USER_VERBS_CMD_REG_SMR, "IB_USER_VERBS_CMD_REG_SMR"),
                    Map.entry(IB_USER_VERBS_CMD_REREG_MR, "IB_USER_VERBS_CMD_REREG_MR"),
                    Map.entry(IB_USER_VERBS_CMD_QUERY_MR, "IB_USER_VERBS_CMD_QUERY_MR"),
                    Map.entry(IB_USER_VERBS_CMD_DEREG_MR, "IB_USER_VERBS_CMD_DEREG_MR"),
                    Map.entry(IB_USER_VERBS_CMD_ALLOC_MW, "IB_USER_VERBS_CMD_ALLOC_MW"),
                    Map.entry(IB_USER_VERBS_CMD_BIND_MW, "IB_USER_VERBS_CMD_BIND_MW"),
                    Map.entry(IB_USER_VERBS_CMD_DEALLOC_MW, "IB_USER_VERBS_CMD_DEALLOC_MW"),
                    Map.entry(
                            IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL,
                            "IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL"),
                    Map.entry(IB_USER_VERBS_CMD_CREATE_CQ, "IB_USER_VERBS_CMD_CREATE_CQ"),
                    Map.entry(IB_USER_VERBS_CMD_RESIZE_CQ, "IB_USER_VERBS_CMD_RESIZE_CQ"),
                    Map.entry(IB_USER_VERBS_CMD_DESTROY_CQ, "IB_USER_VERBS_CMD_DESTROY_CQ"),
                    Map.entry(IB_USER_VERBS_CMD_POLL_CQ, "IB_USER_VERBS_CMD_POLL_CQ"),
                    Map.entry(IB_USER_VERBS_CMD_PEEK_CQ, "IB_USER_VERBS_CMD_PEEK_CQ"),
                    Map.entry(IB_USER_VERBS_CMD_REQ_NOTIFY_CQ, "IB_USER_VERBS_CMD_REQ_NOTIFY_CQ"),
                    Map.entry(IB_USER_VERBS_CMD_CREATE_QP, "IB_USER_VERBS_CMD_CREATE_QP"),
                    Map.entry(IB_USER_VERBS_CMD_QUERY_QP, "IB_USER_VERBS_CMD_QUERY_QP"),
                    Map.entry(IB_USER_VERBS_CMD_MODIFY_QP, "IB_USER_VERBS_CMD_MODIFY_QP"),
                    Map.entry(IB_USER_VERBS_CMD_DESTROY_QP, "IB_USER_VERBS_CMD_DESTROY_QP"),
                    Map.entry(IB_USER_VERBS_CMD_POST_SEND, "IB_USER_VERBS_CMD_POST_SEND"),
                    Map.entry(IB_USER_VERBS_CMD_POST_RECV, "IB_USER_VERBS_CMD_POST_RECV"),
                    Map.entry(IB_USER_VERBS_CMD_ATTACH_MCAST, "IB_USER_VERBS_CMD_ATTACH_MCAST"),
                    Map.entry(IB_USER_VERBS_CMD_DETACH_MCAST, "IB_USER_VERBS_CMD_DETACH_MCAST"),
                    Map.entry(IB_USER_VERBS_CMD_CREATE_SRQ, "IB_USER_VERBS_CMD_CREATE_SRQ"),
                    Map.entry(IB_USER_VERBS_CMD_MODIFY_SRQ, "IB_USER_VERBS_CMD_MODIFY_SRQ"),
                    Map.entry(IB_USER_VERBS_CMD_QUERY_SRQ, "IB_USER_VERBS_CMD_QUERY_SRQ"),
                    Map.entry(IB_USER_VERBS_CMD_DESTROY_SRQ, "IB_USER_VERBS_CMD_DESTROY_SRQ"),
                    Map.entry(IB_USER_VERBS_CMD_POST_SRQ_RECV, "IB_USER_VERBS_CMD_POST_SRQ_RECV"),
                    Map.entry(IB_USER_VERBS_CMD_OPEN_XRCD, "IB_USER_VERBS_CMD_OPEN_XRCD"),
                    Map.entry(IB_USER_VERBS_CMD_CLOSE_XRCD, "IB_USER_VERBS_CMD_CLOSE_XRCD"),
                    Map.entry(IB_USER_VERBS_CMD_CREATE_XSRQ, "IB_USER_VERBS_CMD_CREATE_XSRQ"),
                    Map.entry(IB_USER_VERBS_CMD_OPEN_QP, "IB_USER_VERBS_CMD_OPEN_QP"));

    /**
     * Extended command number -> C name. Extended numbers are their own space: 1 is
     * IB_USER_VERBS_EX_CMD_QUERY_DEVICE here and IB_USER_VERBS_CMD_QUERY_DEVICE in {@link
     * #CMD_NAMES}.
     */
    public static final Map<Integer, String> EX_CMD_NAMES =
            Map.ofEntries(
                    Map.entry(
                            IB_USER_VERBS_EX_CMD_QUERY_DEVICE, "IB_USER_VERBS_EX_CMD_QUERY_DEVICE"),
                    Map.entry(IB_USER_VERBS_EX_CMD_CREATE_CQ, "IB_USER_VERBS_EX_CMD_CREATE_CQ"),
                    Map.entry(IB_USER_VERBS_EX_CMD_CREATE_QP, "IB_USER_VERBS_EX_CMD_CREATE_QP"),
                    Map.entry(IB_USER_VERBS_EX_CMD_MODIFY_QP, "IB_USER_VERBS_EX_CMD_MODIFY_QP"),
                    Map.entry(IB_USER_VERBS_EX_CMD_CREATE_FLOW, "IB_USER_VERBS_EX_CMD_CREATE_FLOW"),
                    Map.entry(
                            IB_USER_VERBS_EX_CMD_DESTROY_FLOW, "IB_USER_VERBS_EX_CMD_DESTROY_FLOW"),
                    Map.entry(IB_USER_VERBS_EX_CMD_CREATE_WQ, "IB_USER_VERBS_EX_CMD_CREATE_WQ"),
                    Map.entry(IB_USER_VERBS_EX_CMD_MODIFY_WQ, "IB_USER_VERBS_EX_CMD_MODIFY_WQ"),
                    Map.entry(IB_USER_VERBS_EX_CMD_DESTROY_WQ, "IB_USER_VERBS_EX_CMD_DESTROY_WQ"),
                    Map.entry(
                            IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL,
                            "IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL"),
                    Map.entry(
                            IB_USER_VERBS_EX_CMD_DESTROY_RWQ_IND_TBL,
                            "IB_USER_VERBS_EX_CMD_DESTROY_RWQ_IND_TBL"),
                    Map.entry(IB_USER_VERBS_EX_CMD_MODIFY_CQ, "IB_USER_VERBS_EX_CMD_MODIFY_CQ"));

    /**
     * One write command the kernel registers.
     *
     * @param object the uverbs object it belongs to
     * @param command the command number (without {@link #IB_USER_VERBS_CMD_FLAG_EXTENDED})
     * @param name the C name
     * @param extended whether it is sent with {@link ExCmdHdr}
     * @param request the C type of the request struct
     * @param requestSize the least request size the kernel accepts: {@code sizeof} the request, or
     *     for the extended ones up to the end of the member the kernel names
     * @param response the C type of the response struct, null where there is none
     * @param responseSize the least response size the kernel accepts (0: no response)
     * @param udata whether driver data follows the core request and response
     */
    public record WriteMethod(
            int object,
            int command,
            String name,
            boolean extended,
            String request,
            int requestSize,
            String response,
            int responseSize,
            boolean udata) {}

    /**
     * The write commands registered by the 6.1 kernel (uverbs_def_write_intf in
     * drivers/infiniband/core/uverbs_cmd.c, Debian linux-source-6.1 6.1.192). REG_SMR, MODIFY_AH,
     * QUERY_AH, QUERY_MR, BIND_MW and PEEK_CQ are numbered but not registered: the kernel fails
     * them.
     */
    public static final List<WriteMethod> WRITE_METHODS =
            List.of(
                    w(
                            UVERBS_OBJECT_AH,
                            IB_USER_VERBS_CMD_CREATE_AH,
                            "IB_USER_VERBS_CMD_CREATE_AH",
                            false,
                            CreateAh.C_TYPE,
                            CreateAh.SIZE,
                            CreateAhResp.C_TYPE,
                            CreateAhResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_AH,
                            IB_USER_VERBS_CMD_DESTROY_AH,
                            "IB_USER_VERBS_CMD_DESTROY_AH",
                            false,
                            DestroyAh.C_TYPE,
                            DestroyAh.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_COMP_CHANNEL,
                            IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL,
                            "IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL",
                            false,
                            CreateCompChannel.C_TYPE,
                            CreateCompChannel.SIZE,
                            CreateCompChannelResp.C_TYPE,
                            CreateCompChannelResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_CMD_CREATE_CQ,
                            "IB_USER_VERBS_CMD_CREATE_CQ",
                            false,
                            CreateCq.C_TYPE,
                            CreateCq.SIZE,
                            CreateCqResp.C_TYPE,
                            CreateCqResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_CMD_DESTROY_CQ,
                            "IB_USER_VERBS_CMD_DESTROY_CQ",
                            false,
                            DestroyCq.C_TYPE,
                            DestroyCq.SIZE,
                            UverbsAttrStructs.DestroyCqResp.C_TYPE,
                            UverbsAttrStructs.DestroyCqResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_CMD_POLL_CQ,
                            "IB_USER_VERBS_CMD_POLL_CQ",
                            false,
                            PollCq.C_TYPE,
                            PollCq.SIZE,
                            PollCqResp.C_TYPE,
                            PollCqResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_CMD_REQ_NOTIFY_CQ,
                            "IB_USER_VERBS_CMD_REQ_NOTIFY_CQ",
                            false,
                            ReqNotifyCq.C_TYPE,
                            ReqNotifyCq.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_CMD_RESIZE_CQ,
                            "IB_USER_VERBS_CMD_RESIZE_CQ",
                            false,
                            ResizeCq.C_TYPE,
                            ResizeCq.SIZE,
                            ResizeCqResp.C_TYPE,
                            ResizeCqResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_EX_CMD_CREATE_CQ,
                            "IB_USER_VERBS_EX_CMD_CREATE_CQ",
                            true,
                            ExCreateCq.C_TYPE,
                            ExCreateCq.OFF_RESERVED + 4,
                            ExCreateCqResp.C_TYPE,
                            ExCreateCqResp.OFF_RESPONSE_LENGTH + 4,
                            false),
                    w(
                            UVERBS_OBJECT_CQ,
                            IB_USER_VERBS_EX_CMD_MODIFY_CQ,
                            "IB_USER_VERBS_EX_CMD_MODIFY_CQ",
                            true,
                            ExModifyCq.C_TYPE,
                            ExModifyCq.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_DEVICE,
                            IB_USER_VERBS_CMD_GET_CONTEXT,
                            "IB_USER_VERBS_CMD_GET_CONTEXT",
                            false,
                            GetContext.C_TYPE,
                            GetContext.SIZE,
                            GetContextResp.C_TYPE,
                            GetContextResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_DEVICE,
                            IB_USER_VERBS_CMD_QUERY_DEVICE,
                            "IB_USER_VERBS_CMD_QUERY_DEVICE",
                            false,
                            QueryDevice.C_TYPE,
                            QueryDevice.SIZE,
                            QueryDeviceResp.C_TYPE,
                            QueryDeviceResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_DEVICE,
                            IB_USER_VERBS_CMD_QUERY_PORT,
                            "IB_USER_VERBS_CMD_QUERY_PORT",
                            false,
                            QueryPort.C_TYPE,
                            QueryPort.SIZE,
                            QueryPortResp.C_TYPE,
                            QueryPortResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_DEVICE,
                            IB_USER_VERBS_EX_CMD_QUERY_DEVICE,
                            "IB_USER_VERBS_EX_CMD_QUERY_DEVICE",
                            true,
                            ExQueryDevice.C_TYPE,
                            ExQueryDevice.OFF_RESERVED + 4,
                            ExQueryDeviceResp.C_TYPE,
                            ExQueryDeviceResp.OFF_RESPONSE_LENGTH + 4,
                            false),
                    w(
                            UVERBS_OBJECT_FLOW,
                            IB_USER_VERBS_EX_CMD_CREATE_FLOW,
                            "IB_USER_VERBS_EX_CMD_CREATE_FLOW",
                            true,
                            CreateFlow.C_TYPE,
                            CreateFlow.OFF_FLOW_ATTR + 16,
                            CreateFlowResp.C_TYPE,
                            CreateFlowResp.OFF_FLOW_HANDLE + 4,
                            false),
                    w(
                            UVERBS_OBJECT_FLOW,
                            IB_USER_VERBS_EX_CMD_DESTROY_FLOW,
                            "IB_USER_VERBS_EX_CMD_DESTROY_FLOW",
                            true,
                            DestroyFlow.C_TYPE,
                            DestroyFlow.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_MR,
                            IB_USER_VERBS_CMD_DEREG_MR,
                            "IB_USER_VERBS_CMD_DEREG_MR",
                            false,
                            DeregMr.C_TYPE,
                            DeregMr.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_MR,
                            IB_USER_VERBS_CMD_REG_MR,
                            "IB_USER_VERBS_CMD_REG_MR",
                            false,
                            RegMr.C_TYPE,
                            RegMr.SIZE,
                            RegMrResp.C_TYPE,
                            RegMrResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_MR,
                            IB_USER_VERBS_CMD_REREG_MR,
                            "IB_USER_VERBS_CMD_REREG_MR",
                            false,
                            ReregMr.C_TYPE,
                            ReregMr.SIZE,
                            ReregMrResp.C_TYPE,
                            ReregMrResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_MW,
                            IB_USER_VERBS_CMD_ALLOC_MW,
                            "IB_USER_VERBS_CMD_ALLOC_MW",
                            false,
                            AllocMw.C_TYPE,
                            AllocMw.SIZE,
                            AllocMwResp.C_TYPE,
                            AllocMwResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_MW,
                            IB_USER_VERBS_CMD_DEALLOC_MW,
                            "IB_USER_VERBS_CMD_DEALLOC_MW",
                            false,
                            DeallocMw.C_TYPE,
                            DeallocMw.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_PD,
                            IB_USER_VERBS_CMD_ALLOC_PD,
                            "IB_USER_VERBS_CMD_ALLOC_PD",
                            false,
                            AllocPd.C_TYPE,
                            AllocPd.SIZE,
                            AllocPdResp.C_TYPE,
                            AllocPdResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_PD,
                            IB_USER_VERBS_CMD_DEALLOC_PD,
                            "IB_USER_VERBS_CMD_DEALLOC_PD",
                            false,
                            DeallocPd.C_TYPE,
                            DeallocPd.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_ATTACH_MCAST,
                            "IB_USER_VERBS_CMD_ATTACH_MCAST",
                            false,
                            AttachMcast.C_TYPE,
                            AttachMcast.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_CREATE_QP,
                            "IB_USER_VERBS_CMD_CREATE_QP",
                            false,
                            CreateQp.C_TYPE,
                            CreateQp.SIZE,
                            CreateQpResp.C_TYPE,
                            CreateQpResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_DESTROY_QP,
                            "IB_USER_VERBS_CMD_DESTROY_QP",
                            false,
                            DestroyQp.C_TYPE,
                            DestroyQp.SIZE,
                            UverbsAttrStructs.DestroyQpResp.C_TYPE,
                            UverbsAttrStructs.DestroyQpResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_DETACH_MCAST,
                            "IB_USER_VERBS_CMD_DETACH_MCAST",
                            false,
                            DetachMcast.C_TYPE,
                            DetachMcast.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_MODIFY_QP,
                            "IB_USER_VERBS_CMD_MODIFY_QP",
                            false,
                            ModifyQp.C_TYPE,
                            ModifyQp.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_POST_RECV,
                            "IB_USER_VERBS_CMD_POST_RECV",
                            false,
                            PostRecv.C_TYPE,
                            PostRecv.SIZE,
                            PostRecvResp.C_TYPE,
                            PostRecvResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_POST_SEND,
                            "IB_USER_VERBS_CMD_POST_SEND",
                            false,
                            PostSend.C_TYPE,
                            PostSend.SIZE,
                            PostSendResp.C_TYPE,
                            PostSendResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_CMD_QUERY_QP,
                            "IB_USER_VERBS_CMD_QUERY_QP",
                            false,
                            QueryQp.C_TYPE,
                            QueryQp.SIZE,
                            QueryQpResp.C_TYPE,
                            QueryQpResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_EX_CMD_CREATE_QP,
                            "IB_USER_VERBS_EX_CMD_CREATE_QP",
                            true,
                            ExCreateQp.C_TYPE,
                            ExCreateQp.OFF_COMP_MASK + 4,
                            ExCreateQpResp.C_TYPE,
                            ExCreateQpResp.OFF_RESPONSE_LENGTH + 4,
                            false),
                    w(
                            UVERBS_OBJECT_QP,
                            IB_USER_VERBS_EX_CMD_MODIFY_QP,
                            "IB_USER_VERBS_EX_CMD_MODIFY_QP",
                            true,
                            ExModifyQp.C_TYPE,
                            ExModifyQp.OFF_BASE + ModifyQp.SIZE,
                            ExModifyQpResp.C_TYPE,
                            ExModifyQpResp.OFF_RESPONSE_LENGTH + 4,
                            false),
                    w(
                            UVERBS_OBJECT_RWQ_IND_TBL,
                            IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL,
                            "IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL",
                            true,
                            ExCreateRwqIndTable.C_TYPE,
                            ExCreateRwqIndTable.OFF_LOG_IND_TBL_SIZE + 4,
                            ExCreateRwqIndTableResp.C_TYPE,
                            ExCreateRwqIndTableResp.OFF_IND_TBL_NUM + 4,
                            false),
                    w(
                            UVERBS_OBJECT_RWQ_IND_TBL,
                            IB_USER_VERBS_EX_CMD_DESTROY_RWQ_IND_TBL,
                            "IB_USER_VERBS_EX_CMD_DESTROY_RWQ_IND_TBL",
                            true,
                            ExDestroyRwqIndTable.C_TYPE,
                            ExDestroyRwqIndTable.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_WQ,
                            IB_USER_VERBS_EX_CMD_CREATE_WQ,
                            "IB_USER_VERBS_EX_CMD_CREATE_WQ",
                            true,
                            ExCreateWq.C_TYPE,
                            ExCreateWq.OFF_MAX_SGE + 4,
                            ExCreateWqResp.C_TYPE,
                            ExCreateWqResp.OFF_WQN + 4,
                            false),
                    w(
                            UVERBS_OBJECT_WQ,
                            IB_USER_VERBS_EX_CMD_DESTROY_WQ,
                            "IB_USER_VERBS_EX_CMD_DESTROY_WQ",
                            true,
                            ExDestroyWq.C_TYPE,
                            ExDestroyWq.OFF_WQ_HANDLE + 4,
                            ExDestroyWqResp.C_TYPE,
                            ExDestroyWqResp.OFF_RESERVED + 4,
                            false),
                    w(
                            UVERBS_OBJECT_WQ,
                            IB_USER_VERBS_EX_CMD_MODIFY_WQ,
                            "IB_USER_VERBS_EX_CMD_MODIFY_WQ",
                            true,
                            ExModifyWq.C_TYPE,
                            ExModifyWq.OFF_CURR_WQ_STATE + 4,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_SRQ,
                            IB_USER_VERBS_CMD_CREATE_SRQ,
                            "IB_USER_VERBS_CMD_CREATE_SRQ",
                            false,
                            CreateSrq.C_TYPE,
                            CreateSrq.SIZE,
                            CreateSrqResp.C_TYPE,
                            CreateSrqResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_SRQ,
                            IB_USER_VERBS_CMD_CREATE_XSRQ,
                            "IB_USER_VERBS_CMD_CREATE_XSRQ",
                            false,
                            CreateXsrq.C_TYPE,
                            CreateXsrq.SIZE,
                            CreateSrqResp.C_TYPE,
                            CreateSrqResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_SRQ,
                            IB_USER_VERBS_CMD_DESTROY_SRQ,
                            "IB_USER_VERBS_CMD_DESTROY_SRQ",
                            false,
                            DestroySrq.C_TYPE,
                            DestroySrq.SIZE,
                            UverbsAttrStructs.DestroySrqResp.C_TYPE,
                            UverbsAttrStructs.DestroySrqResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_SRQ,
                            IB_USER_VERBS_CMD_MODIFY_SRQ,
                            "IB_USER_VERBS_CMD_MODIFY_SRQ",
                            false,
                            ModifySrq.C_TYPE,
                            ModifySrq.SIZE,
                            null,
                            0,
                            true),
                    w(
                            UVERBS_OBJECT_SRQ,
                            IB_USER_VERBS_CMD_POST_SRQ_RECV,
                            "IB_USER_VERBS_CMD_POST_SRQ_RECV",
                            false,
                            PostSrqRecv.C_TYPE,
                            PostSrqRecv.SIZE,
                            PostSrqRecvResp.C_TYPE,
                            PostSrqRecvResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_SRQ,
                            IB_USER_VERBS_CMD_QUERY_SRQ,
                            "IB_USER_VERBS_CMD_QUERY_SRQ",
                            false,
                            QuerySrq.C_TYPE,
                            QuerySrq.SIZE,
                            QuerySrqResp.C_TYPE,
                            QuerySrqResp.SIZE,
                            false),
                    w(
                            UVERBS_OBJECT_XRCD,
                            IB_USER_VERBS_CMD_CLOSE_XRCD,
                            "IB_USER_VERBS_CMD_CLOSE_XRCD",
                            false,
                            CloseXrcd.C_TYPE,
                            CloseXrcd.SIZE,
                            null,
                            0,
                            false),
                    w(
                            UVERBS_OBJECT_XRCD,
                            IB_USER_VERBS_CMD_OPEN_QP,
                            "IB_USER_VERBS_CMD_OPEN_QP",
                            false,
                            OpenQp.C_TYPE,
                            OpenQp.SIZE,
                            CreateQpResp.C_TYPE,
                            CreateQpResp.SIZE,
                            true),
                    w(
                            UVERBS_OBJECT_XRCD,
                            IB_USER_VERBS_CMD_OPEN_XRCD,
                            "IB_USER_VERBS_CMD_OPEN_XRCD",
                            false,
                            OpenXrcd.C_TYPE,
                            OpenXrcd.SIZE,
                            OpenXrcdResp.C_TYPE,
                            OpenXrcdResp.SIZE,
                            true));

    private static WriteMethod w(
            int object,
            int command,
            String name,
            boolean extended,
            String request,
            int requestSize,
            String response,
            int responseSize,
            boolean udata) {
        return new WriteMethod(
                object,
                command,
                name,
                extended,
                request,
                requestSize,
                response,
                responseSize,
                udata);
    }

    /** {@code struct ib_uverbs_cmd_hdr} (ib_user_verbs.h). */
    public static final class CmdHdr {
        public static final String C_TYPE = "ib_uverbs_cmd_hdr";
        public static final int SIZE = 8;
        public static final int OFF_COMMAND = 0;
        public static final int OFF_IN_WORDS = 4;
        public static final int OFF_OUT_WORDS = 6;

        private CmdHdr() {}
    }

    /** {@code struct ib_uverbs_ex_cmd_hdr} (ib_user_verbs.h). */
    public static final class ExCmdHdr {
        public static final String C_TYPE = "ib_uverbs_ex_cmd_hdr";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_PROVIDER_IN_WORDS = 8;
        public static final int OFF_PROVIDER_OUT_WORDS = 10;
        public static final int OFF_CMD_HDR_RESERVED = 12;

        private ExCmdHdr() {}
    }

    /** {@code struct ib_uverbs_get_context} (ib_user_verbs.h). */
    public static final class GetContext {
        public static final String C_TYPE = "ib_uverbs_get_context";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_DRIVER_DATA = 8;

        private GetContext() {}
    }

    /** {@code struct ib_uverbs_get_context_resp} (ib_user_verbs.h). */
    public static final class GetContextResp {
        public static final String C_TYPE = "ib_uverbs_get_context_resp";
        public static final int SIZE = 8;
        public static final int OFF_ASYNC_FD = 0;
        public static final int OFF_NUM_COMP_VECTORS = 4;
        public static final int OFF_DRIVER_DATA = 8;

        private GetContextResp() {}
    }

    /** {@code struct ib_uverbs_query_device} (ib_user_verbs.h). */
    public static final class QueryDevice {
        public static final String C_TYPE = "ib_uverbs_query_device";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_DRIVER_DATA = 8;

        private QueryDevice() {}
    }

    /** {@code struct ib_uverbs_query_device_resp} (ib_user_verbs.h). */
    public static final class QueryDeviceResp {
        public static final String C_TYPE = "ib_uverbs_query_device_resp";
        public static final int SIZE = 176;
        public static final int OFF_FW_VER = 0;
        public static final int OFF_NODE_GUID = 8;
        public static final int OFF_SYS_IMAGE_GUID = 16;
        public static final int OFF_MAX_MR_SIZE = 24;
        public static final int OFF_PAGE_SIZE_CAP = 32;
        public static final int OFF_VENDOR_ID = 40;
        public static final int OFF_VENDOR_PART_ID = 44;
        public static final int OFF_HW_VER = 48;
        public static final int OFF_MAX_QP = 52;
        public static final int OFF_MAX_QP_WR = 56;
        public static final int OFF_DEVICE_CAP_FLAGS = 60;
        public static final int OFF_MAX_SGE = 64;
        public static final int OFF_MAX_SGE_RD = 68;
        public static final int OFF_MAX_CQ = 72;
        public static final int OFF_MAX_CQE = 76;
        public static final int OFF_MAX_MR = 80;
        public static final int OFF_MAX_PD = 84;
        public static final int OFF_MAX_QP_RD_ATOM = 88;
        public static final int OFF_MAX_EE_RD_ATOM = 92;
        public static final int OFF_MAX_RES_RD_ATOM = 96;
        public static final int OFF_MAX_QP_INIT_RD_ATOM = 100;
        public static final int OFF_MAX_EE_INIT_RD_ATOM = 104;
        public static final int OFF_ATOMIC_CAP = 108;
        public static final int OFF_MAX_EE = 112;
        public static final int OFF_MAX_RDD = 116;
        public static final int OFF_MAX_MW = 120;
        public static final int OFF_MAX_RAW_IPV6_QP = 124;
        public static final int OFF_MAX_RAW_ETHY_QP = 128;
        public static final int OFF_MAX_MCAST_GRP = 132;
        public static final int OFF_MAX_MCAST_QP_ATTACH = 136;
        public static final int OFF_MAX_TOTAL_MCAST_QP_ATTACH = 140;
        public static final int OFF_MAX_AH = 144;
        public static final int OFF_MAX_FMR = 148;
        public static final int OFF_MAX_MAP_PER_FMR = 152;
        public static final int OFF_MAX_SRQ = 156;
        public static final int OFF_MAX_SRQ_WR = 160;
        public static final int OFF_MAX_SRQ_SGE = 164;
        public static final int OFF_MAX_PKEYS = 168;
        public static final int OFF_LOCAL_CA_ACK_DELAY = 170;
        public static final int OFF_PHYS_PORT_CNT = 171;
        public static final int OFF_RESERVED = 172;

        private QueryDeviceResp() {}
    }

    /** {@code struct ib_uverbs_ex_query_device} (ib_user_verbs.h). */
    public static final class ExQueryDevice {
        public static final String C_TYPE = "ib_uverbs_ex_query_device";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESERVED = 4;

        private ExQueryDevice() {}
    }

    /** {@code struct ib_uverbs_ex_query_device_resp} (ib_user_verbs.h). */
    public static final class ExQueryDeviceResp {
        public static final String C_TYPE = "ib_uverbs_ex_query_device_resp";
        public static final int SIZE = 304;
        public static final int OFF_BASE = 0;
        public static final int OFF_COMP_MASK = 176;
        public static final int OFF_RESPONSE_LENGTH = 180;
        public static final int OFF_ODP_CAPS = 184;
        public static final int OFF_TIMESTAMP_MASK = 208;
        public static final int OFF_HCA_CORE_CLOCK = 216;
        public static final int OFF_DEVICE_CAP_FLAGS_EX = 224;
        public static final int OFF_RSS_CAPS = 232;
        public static final int OFF_MAX_WQ_TYPE_RQ = 248;
        public static final int OFF_RAW_PACKET_CAPS = 252;
        public static final int OFF_TM_CAPS = 256;
        public static final int OFF_CQ_MODERATION_CAPS = 280;
        public static final int OFF_MAX_DM_SIZE = 288;
        public static final int OFF_XRC_ODP_CAPS = 296;
        public static final int OFF_RESERVED = 300;

        private ExQueryDeviceResp() {}
    }

    /** {@code struct ib_uverbs_query_port} (ib_user_verbs.h). */
    public static final class QueryPort {
        public static final String C_TYPE = "ib_uverbs_query_port";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_PORT_NUM = 8;
        public static final int OFF_RESERVED = 9;
        public static final int OFF_DRIVER_DATA = 16;

        private QueryPort() {}
    }

    /** {@code struct ib_uverbs_query_port_resp} (ib_user_verbs.h). */
    public static final class QueryPortResp {
        public static final String C_TYPE = "ib_uverbs_query_port_resp";
        public static final int SIZE = 40;
        public static final int OFF_PORT_CAP_FLAGS = 0;
        public static final int OFF_MAX_MSG_SZ = 4;
        public static final int OFF_BAD_PKEY_CNTR = 8;
        public static final int OFF_QKEY_VIOL_CNTR = 12;
        public static final int OFF_GID_TBL_LEN = 16;
        public static final int OFF_PKEY_TBL_LEN = 20;
        public static final int OFF_LID = 22;
        public static final int OFF_SM_LID = 24;
        public static final int OFF_STATE = 26;
        public static final int OFF_MAX_MTU = 27;
        public static final int OFF_ACTIVE_MTU = 28;
        public static final int OFF_LMC = 29;
        public static final int OFF_MAX_VL_NUM = 30;
        public static final int OFF_SM_SL = 31;
        public static final int OFF_SUBNET_TIMEOUT = 32;
        public static final int OFF_INIT_TYPE_REPLY = 33;
        public static final int OFF_ACTIVE_WIDTH = 34;
        public static final int OFF_ACTIVE_SPEED = 35;
        public static final int OFF_PHYS_STATE = 36;
        public static final int OFF_LINK_LAYER = 37;
        public static final int OFF_FLAGS = 38;
        public static final int OFF_RESERVED = 39;

        private QueryPortResp() {}
    }

    /** {@code struct ib_uverbs_alloc_pd} (ib_user_verbs.h). */
    public static final class AllocPd {
        public static final String C_TYPE = "ib_uverbs_alloc_pd";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_DRIVER_DATA = 8;

        private AllocPd() {}
    }

    /** {@code struct ib_uverbs_alloc_pd_resp} (ib_user_verbs.h). */
    public static final class AllocPdResp {
        public static final String C_TYPE = "ib_uverbs_alloc_pd_resp";
        public static final int SIZE = 4;
        public static final int OFF_PD_HANDLE = 0;
        public static final int OFF_DRIVER_DATA = 4;

        private AllocPdResp() {}
    }

    /** {@code struct ib_uverbs_dealloc_pd} (ib_user_verbs.h). */
    public static final class DeallocPd {
        public static final String C_TYPE = "ib_uverbs_dealloc_pd";
        public static final int SIZE = 4;
        public static final int OFF_PD_HANDLE = 0;

        private DeallocPd() {}
    }

    /** {@code struct ib_uverbs_open_xrcd} (ib_user_verbs.h). */
    public static final class OpenXrcd {
        public static final String C_TYPE = "ib_uverbs_open_xrcd";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_FD = 8;
        public static final int OFF_OFLAGS = 12;
        public static final int OFF_DRIVER_DATA = 16;

        private OpenXrcd() {}
    }

    /** {@code struct ib_uverbs_open_xrcd_resp} (ib_user_verbs.h). */
    public static final class OpenXrcdResp {
        public static final String C_TYPE = "ib_uverbs_open_xrcd_resp";
        public static final int SIZE = 4;
        public static final int OFF_XRCD_HANDLE = 0;
        public static final int OFF_DRIVER_DATA = 4;

        private OpenXrcdResp() {}
    }

    /** {@code struct ib_uverbs_close_xrcd} (ib_user_verbs.h). */
    public static final class CloseXrcd {
        public static final String C_TYPE = "ib_uverbs_close_xrcd";
        public static final int SIZE = 4;
        public static final int OFF_XRCD_HANDLE = 0;

        private CloseXrcd() {}
    }

    /** {@code struct ib_uverbs_reg_mr} (ib_user_verbs.h). */
    public static final class RegMr {
        public static final String C_TYPE = "ib_uverbs_reg_mr";
        public static final int SIZE = 40;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_START = 8;
        public static final int OFF_LENGTH = 16;
        public static final int OFF_HCA_VA = 24;
        public static final int OFF_PD_HANDLE = 32;
        public static final int OFF_ACCESS_FLAGS = 36;
        public static final int OFF_DRIVER_DATA = 40;

        private RegMr() {}
    }

    /** {@code struct ib_uverbs_reg_mr_resp} (ib_user_verbs.h). */
    public static final class RegMrResp {
        public static final String C_TYPE = "ib_uverbs_reg_mr_resp";
        public static final int SIZE = 12;
        public static final int OFF_MR_HANDLE = 0;
        public static final int OFF_LKEY = 4;
        public static final int OFF_RKEY = 8;
        public static final int OFF_DRIVER_DATA = 12;

        private RegMrResp() {}
    }

    /** {@code struct ib_uverbs_rereg_mr} (ib_user_verbs.h). */
    public static final class ReregMr {
        public static final String C_TYPE = "ib_uverbs_rereg_mr";
        public static final int SIZE = 48;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_MR_HANDLE = 8;
        public static final int OFF_FLAGS = 12;
        public static final int OFF_START = 16;
        public static final int OFF_LENGTH = 24;
        public static final int OFF_HCA_VA = 32;
        public static final int OFF_PD_HANDLE = 40;
        public static final int OFF_ACCESS_FLAGS = 44;
        public static final int OFF_DRIVER_DATA = 48;

        private ReregMr() {}
    }

    /** {@code struct ib_uverbs_rereg_mr_resp} (ib_user_verbs.h). */
    public static final class ReregMrResp {
        public static final String C_TYPE = "ib_uverbs_rereg_mr_resp";
        public static final int SIZE = 8;
        public static final int OFF_LKEY = 0;
        public static final int OFF_RKEY = 4;
        public static final int OFF_DRIVER_DATA = 8;

        private ReregMrResp() {}
    }

    /** {@code struct ib_uverbs_dereg_mr} (ib_user_verbs.h). */
    public static final class DeregMr {
        public static final String C_TYPE = "ib_uverbs_dereg_mr";
        public static final int SIZE = 4;
        public static final int OFF_MR_HANDLE = 0;

        private DeregMr() {}
    }

    /** {@code struct ib_uverbs_alloc_mw} (ib_user_verbs.h). */
    public static final class AllocMw {
        public static final String C_TYPE = "ib_uverbs_alloc_mw";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_PD_HANDLE = 8;
        public static final int OFF_MW_TYPE = 12;
        public static final int OFF_RESERVED = 13;
        public static final int OFF_DRIVER_DATA = 16;

        private AllocMw() {}
    }

    /** {@code struct ib_uverbs_alloc_mw_resp} (ib_user_verbs.h). */
    public static final class AllocMwResp {
        public static final String C_TYPE = "ib_uverbs_alloc_mw_resp";
        public static final int SIZE = 8;
        public static final int OFF_MW_HANDLE = 0;
        public static final int OFF_RKEY = 4;
        public static final int OFF_DRIVER_DATA = 8;

        private AllocMwResp() {}
    }

    /** {@code struct ib_uverbs_dealloc_mw} (ib_user_verbs.h). */
    public static final class DeallocMw {
        public static final String C_TYPE = "ib_uverbs_dealloc_mw";
        public static final int SIZE = 4;
        public static final int OFF_MW_HANDLE = 0;

        private DeallocMw() {}
    }

    /** {@code struct ib_uverbs_create_comp_channel} (ib_user_verbs.h). */
    public static final class CreateCompChannel {
        public static final String C_TYPE = "ib_uverbs_create_comp_channel";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE = 0;

        private CreateCompChannel() {}
    }

    /** {@code struct ib_uverbs_create_comp_channel_resp} (ib_user_verbs.h). */
    public static final class CreateCompChannelResp {
        public static final String C_TYPE = "ib_uverbs_create_comp_channel_resp";
        public static final int SIZE = 4;
        public static final int OFF_FD = 0;

        private CreateCompChannelResp() {}
    }

    /** {@code struct ib_uverbs_create_cq} (ib_user_verbs.h). */
    public static final class CreateCq {
        public static final String C_TYPE = "ib_uverbs_create_cq";
        public static final int SIZE = 32;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_CQE = 16;
        public static final int OFF_COMP_VECTOR = 20;
        public static final int OFF_COMP_CHANNEL = 24;
        public static final int OFF_RESERVED = 28;
        public static final int OFF_DRIVER_DATA = 32;

        private CreateCq() {}
    }

    /** {@code struct ib_uverbs_ex_create_cq} (ib_user_verbs.h). */
    public static final class ExCreateCq {
        public static final String C_TYPE = "ib_uverbs_ex_create_cq";
        public static final int SIZE = 32;
        public static final int OFF_USER_HANDLE = 0;
        public static final int OFF_CQE = 8;
        public static final int OFF_COMP_VECTOR = 12;
        public static final int OFF_COMP_CHANNEL = 16;
        public static final int OFF_COMP_MASK = 20;
        public static final int OFF_FLAGS = 24;
        public static final int OFF_RESERVED = 28;

        private ExCreateCq() {}
    }

    /** {@code struct ib_uverbs_create_cq_resp} (ib_user_verbs.h). */
    public static final class CreateCqResp {
        public static final String C_TYPE = "ib_uverbs_create_cq_resp";
        public static final int SIZE = 8;
        public static final int OFF_CQ_HANDLE = 0;
        public static final int OFF_CQE = 4;
        public static final int OFF_DRIVER_DATA = 8;

        private CreateCqResp() {}
    }

    /** {@code struct ib_uverbs_ex_create_cq_resp} (ib_user_verbs.h). */
    public static final class ExCreateCqResp {
        public static final String C_TYPE = "ib_uverbs_ex_create_cq_resp";
        public static final int SIZE = 16;
        public static final int OFF_BASE = 0;
        public static final int OFF_COMP_MASK = 8;
        public static final int OFF_RESPONSE_LENGTH = 12;

        private ExCreateCqResp() {}
    }

    /** {@code struct ib_uverbs_resize_cq} (ib_user_verbs.h). */
    public static final class ResizeCq {
        public static final String C_TYPE = "ib_uverbs_resize_cq";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_CQ_HANDLE = 8;
        public static final int OFF_CQE = 12;
        public static final int OFF_DRIVER_DATA = 16;

        private ResizeCq() {}
    }

    /** {@code struct ib_uverbs_resize_cq_resp} (ib_user_verbs.h). */
    public static final class ResizeCqResp {
        public static final String C_TYPE = "ib_uverbs_resize_cq_resp";
        public static final int SIZE = 8;
        public static final int OFF_CQE = 0;
        public static final int OFF_RESERVED = 4;
        public static final int OFF_DRIVER_DATA = 8;

        private ResizeCqResp() {}
    }

    /** {@code struct ib_uverbs_poll_cq} (ib_user_verbs.h). */
    public static final class PollCq {
        public static final String C_TYPE = "ib_uverbs_poll_cq";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_CQ_HANDLE = 8;
        public static final int OFF_NE = 12;

        private PollCq() {}
    }

    /** {@code struct ib_uverbs_wc} (ib_user_verbs.h). */
    public static final class Wc {
        public static final String C_TYPE = "ib_uverbs_wc";
        public static final int SIZE = 48;
        public static final int OFF_WR_ID = 0;
        public static final int OFF_STATUS = 8;
        public static final int OFF_OPCODE = 12;
        public static final int OFF_VENDOR_ERR = 16;
        public static final int OFF_BYTE_LEN = 20;
        public static final int OFF_EX = 24;
        public static final int OFF_QP_NUM = 28;
        public static final int OFF_SRC_QP = 32;
        public static final int OFF_WC_FLAGS = 36;
        public static final int OFF_PKEY_INDEX = 40;
        public static final int OFF_SLID = 42;
        public static final int OFF_SL = 44;
        public static final int OFF_DLID_PATH_BITS = 45;
        public static final int OFF_PORT_NUM = 46;
        public static final int OFF_RESERVED = 47;

        private Wc() {}
    }

    /** {@code struct ib_uverbs_poll_cq_resp} (ib_user_verbs.h). */
    public static final class PollCqResp {
        public static final String C_TYPE = "ib_uverbs_poll_cq_resp";
        public static final int SIZE = 8;
        public static final int OFF_COUNT = 0;
        public static final int OFF_RESERVED = 4;
        public static final int OFF_WC = 8;

        private PollCqResp() {}
    }

    /** {@code struct ib_uverbs_req_notify_cq} (ib_user_verbs.h). */
    public static final class ReqNotifyCq {
        public static final String C_TYPE = "ib_uverbs_req_notify_cq";
        public static final int SIZE = 8;
        public static final int OFF_CQ_HANDLE = 0;
        public static final int OFF_SOLICITED_ONLY = 4;

        private ReqNotifyCq() {}
    }

    /** {@code struct ib_uverbs_destroy_cq} (ib_user_verbs.h). */
    public static final class DestroyCq {
        public static final String C_TYPE = "ib_uverbs_destroy_cq";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_CQ_HANDLE = 8;
        public static final int OFF_RESERVED = 12;

        private DestroyCq() {}
    }

    /** {@code struct ib_uverbs_global_route} (ib_user_verbs.h). */
    public static final class GlobalRoute {
        public static final String C_TYPE = "ib_uverbs_global_route";
        public static final int SIZE = 24;
        public static final int OFF_DGID = 0;
        public static final int OFF_FLOW_LABEL = 16;
        public static final int OFF_SGID_INDEX = 20;
        public static final int OFF_HOP_LIMIT = 21;
        public static final int OFF_TRAFFIC_CLASS = 22;
        public static final int OFF_RESERVED = 23;

        private GlobalRoute() {}
    }

    /** {@code struct ib_uverbs_ah_attr} (ib_user_verbs.h). */
    public static final class AhAttr {
        public static final String C_TYPE = "ib_uverbs_ah_attr";
        public static final int SIZE = 32;
        public static final int OFF_GRH = 0;
        public static final int OFF_DLID = 24;
        public static final int OFF_SL = 26;
        public static final int OFF_SRC_PATH_BITS = 27;
        public static final int OFF_STATIC_RATE = 28;
        public static final int OFF_IS_GLOBAL = 29;
        public static final int OFF_PORT_NUM = 30;
        public static final int OFF_RESERVED = 31;

        private AhAttr() {}
    }

    /** {@code struct ib_uverbs_create_qp} (ib_user_verbs.h). */
    public static final class CreateQp {
        public static final String C_TYPE = "ib_uverbs_create_qp";
        public static final int SIZE = 56;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_PD_HANDLE = 16;
        public static final int OFF_SEND_CQ_HANDLE = 20;
        public static final int OFF_RECV_CQ_HANDLE = 24;
        public static final int OFF_SRQ_HANDLE = 28;
        public static final int OFF_MAX_SEND_WR = 32;
        public static final int OFF_MAX_RECV_WR = 36;
        public static final int OFF_MAX_SEND_SGE = 40;
        public static final int OFF_MAX_RECV_SGE = 44;
        public static final int OFF_MAX_INLINE_DATA = 48;
        public static final int OFF_SQ_SIG_ALL = 52;
        public static final int OFF_QP_TYPE = 53;
        public static final int OFF_IS_SRQ = 54;
        public static final int OFF_RESERVED = 55;
        public static final int OFF_DRIVER_DATA = 56;

        private CreateQp() {}
    }

    /** {@code struct ib_uverbs_ex_create_qp} (ib_user_verbs.h). */
    public static final class ExCreateQp {
        public static final String C_TYPE = "ib_uverbs_ex_create_qp";
        public static final int SIZE = 64;
        public static final int OFF_USER_HANDLE = 0;
        public static final int OFF_PD_HANDLE = 8;
        public static final int OFF_SEND_CQ_HANDLE = 12;
        public static final int OFF_RECV_CQ_HANDLE = 16;
        public static final int OFF_SRQ_HANDLE = 20;
        public static final int OFF_MAX_SEND_WR = 24;
        public static final int OFF_MAX_RECV_WR = 28;
        public static final int OFF_MAX_SEND_SGE = 32;
        public static final int OFF_MAX_RECV_SGE = 36;
        public static final int OFF_MAX_INLINE_DATA = 40;
        public static final int OFF_SQ_SIG_ALL = 44;
        public static final int OFF_QP_TYPE = 45;
        public static final int OFF_IS_SRQ = 46;
        public static final int OFF_RESERVED = 47;
        public static final int OFF_COMP_MASK = 48;
        public static final int OFF_CREATE_FLAGS = 52;
        public static final int OFF_RWQ_IND_TBL_HANDLE = 56;
        public static final int OFF_SOURCE_QPN = 60;

        private ExCreateQp() {}
    }

    /** {@code struct ib_uverbs_open_qp} (ib_user_verbs.h). */
    public static final class OpenQp {
        public static final String C_TYPE = "ib_uverbs_open_qp";
        public static final int SIZE = 32;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_PD_HANDLE = 16;
        public static final int OFF_QPN = 20;
        public static final int OFF_QP_TYPE = 24;
        public static final int OFF_RESERVED = 25;
        public static final int OFF_DRIVER_DATA = 32;

        private OpenQp() {}
    }

    /** {@code struct ib_uverbs_create_qp_resp} (ib_user_verbs.h). */
    public static final class CreateQpResp {
        public static final String C_TYPE = "ib_uverbs_create_qp_resp";
        public static final int SIZE = 32;
        public static final int OFF_QP_HANDLE = 0;
        public static final int OFF_QPN = 4;
        public static final int OFF_MAX_SEND_WR = 8;
        public static final int OFF_MAX_RECV_WR = 12;
        public static final int OFF_MAX_SEND_SGE = 16;
        public static final int OFF_MAX_RECV_SGE = 20;
        public static final int OFF_MAX_INLINE_DATA = 24;
        public static final int OFF_RESERVED = 28;
        public static final int OFF_DRIVER_DATA = 32;

        private CreateQpResp() {}
    }

    /** {@code struct ib_uverbs_ex_create_qp_resp} (ib_user_verbs.h). */
    public static final class ExCreateQpResp {
        public static final String C_TYPE = "ib_uverbs_ex_create_qp_resp";
        public static final int SIZE = 40;
        public static final int OFF_BASE = 0;
        public static final int OFF_COMP_MASK = 32;
        public static final int OFF_RESPONSE_LENGTH = 36;

        private ExCreateQpResp() {}
    }

    /** {@code struct ib_uverbs_qp_dest} (ib_user_verbs.h). */
    public static final class QpDest {
        public static final String C_TYPE = "ib_uverbs_qp_dest";
        public static final int SIZE = 32;
        public static final int OFF_DGID = 0;
        public static final int OFF_FLOW_LABEL = 16;
        public static final int OFF_DLID = 20;
        public static final int OFF_RESERVED = 22;
        public static final int OFF_SGID_INDEX = 24;
        public static final int OFF_HOP_LIMIT = 25;
        public static final int OFF_TRAFFIC_CLASS = 26;
        public static final int OFF_SL = 27;
        public static final int OFF_SRC_PATH_BITS = 28;
        public static final int OFF_STATIC_RATE = 29;
        public static final int OFF_IS_GLOBAL = 30;
        public static final int OFF_PORT_NUM = 31;

        private QpDest() {}
    }

    /** {@code struct ib_uverbs_query_qp} (ib_user_verbs.h). */
    public static final class QueryQp {
        public static final String C_TYPE = "ib_uverbs_query_qp";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_QP_HANDLE = 8;
        public static final int OFF_ATTR_MASK = 12;
        public static final int OFF_DRIVER_DATA = 16;

        private QueryQp() {}
    }

    /** {@code struct ib_uverbs_query_qp_resp} (ib_user_verbs.h). */
    public static final class QueryQpResp {
        public static final String C_TYPE = "ib_uverbs_query_qp_resp";
        public static final int SIZE = 128;
        public static final int OFF_DEST = 0;
        public static final int OFF_ALT_DEST = 32;
        public static final int OFF_MAX_SEND_WR = 64;
        public static final int OFF_MAX_RECV_WR = 68;
        public static final int OFF_MAX_SEND_SGE = 72;
        public static final int OFF_MAX_RECV_SGE = 76;
        public static final int OFF_MAX_INLINE_DATA = 80;
        public static final int OFF_QKEY = 84;
        public static final int OFF_RQ_PSN = 88;
        public static final int OFF_SQ_PSN = 92;
        public static final int OFF_DEST_QP_NUM = 96;
        public static final int OFF_QP_ACCESS_FLAGS = 100;
        public static final int OFF_PKEY_INDEX = 104;
        public static final int OFF_ALT_PKEY_INDEX = 106;
        public static final int OFF_QP_STATE = 108;
        public static final int OFF_CUR_QP_STATE = 109;
        public static final int OFF_PATH_MTU = 110;
        public static final int OFF_PATH_MIG_STATE = 111;
        public static final int OFF_SQ_DRAINING = 112;
        public static final int OFF_MAX_RD_ATOMIC = 113;
        public static final int OFF_MAX_DEST_RD_ATOMIC = 114;
        public static final int OFF_MIN_RNR_TIMER = 115;
        public static final int OFF_PORT_NUM = 116;
        public static final int OFF_TIMEOUT = 117;
        public static final int OFF_RETRY_CNT = 118;
        public static final int OFF_RNR_RETRY = 119;
        public static final int OFF_ALT_PORT_NUM = 120;
        public static final int OFF_ALT_TIMEOUT = 121;
        public static final int OFF_SQ_SIG_ALL = 122;
        public static final int OFF_RESERVED = 123;
        public static final int OFF_DRIVER_DATA = 128;

        private QueryQpResp() {}
    }

    /** {@code struct ib_uverbs_modify_qp} (ib_user_verbs.h). */
    public static final class ModifyQp {
        public static final String C_TYPE = "ib_uverbs_modify_qp";
        public static final int SIZE = 112;
        public static final int OFF_DEST = 0;
        public static final int OFF_ALT_DEST = 32;
        public static final int OFF_QP_HANDLE = 64;
        public static final int OFF_ATTR_MASK = 68;
        public static final int OFF_QKEY = 72;
        public static final int OFF_RQ_PSN = 76;
        public static final int OFF_SQ_PSN = 80;
        public static final int OFF_DEST_QP_NUM = 84;
        public static final int OFF_QP_ACCESS_FLAGS = 88;
        public static final int OFF_PKEY_INDEX = 92;
        public static final int OFF_ALT_PKEY_INDEX = 94;
        public static final int OFF_QP_STATE = 96;
        public static final int OFF_CUR_QP_STATE = 97;
        public static final int OFF_PATH_MTU = 98;
        public static final int OFF_PATH_MIG_STATE = 99;
        public static final int OFF_EN_SQD_ASYNC_NOTIFY = 100;
        public static final int OFF_MAX_RD_ATOMIC = 101;
        public static final int OFF_MAX_DEST_RD_ATOMIC = 102;
        public static final int OFF_MIN_RNR_TIMER = 103;
        public static final int OFF_PORT_NUM = 104;
        public static final int OFF_TIMEOUT = 105;
        public static final int OFF_RETRY_CNT = 106;
        public static final int OFF_RNR_RETRY = 107;
        public static final int OFF_ALT_PORT_NUM = 108;
        public static final int OFF_ALT_TIMEOUT = 109;
        public static final int OFF_RESERVED = 110;
        public static final int OFF_DRIVER_DATA = 112;

        private ModifyQp() {}
    }

    /** {@code struct ib_uverbs_ex_modify_qp} (ib_user_verbs.h). */
    public static final class ExModifyQp {
        public static final String C_TYPE = "ib_uverbs_ex_modify_qp";
        public static final int SIZE = 120;
        public static final int OFF_BASE = 0;
        public static final int OFF_RATE_LIMIT = 112;
        public static final int OFF_RESERVED = 116;

        private ExModifyQp() {}
    }

    /** {@code struct ib_uverbs_ex_modify_qp_resp} (ib_user_verbs.h). */
    public static final class ExModifyQpResp {
        public static final String C_TYPE = "ib_uverbs_ex_modify_qp_resp";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESPONSE_LENGTH = 4;

        private ExModifyQpResp() {}
    }

    /** {@code struct ib_uverbs_destroy_qp} (ib_user_verbs.h). */
    public static final class DestroyQp {
        public static final String C_TYPE = "ib_uverbs_destroy_qp";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_QP_HANDLE = 8;
        public static final int OFF_RESERVED = 12;

        private DestroyQp() {}
    }

    /** {@code struct ib_uverbs_send_wr} (ib_user_verbs.h). */
    public static final class SendWr {
        public static final String C_TYPE = "ib_uverbs_send_wr";
        public static final int SIZE = 56;
        public static final int OFF_WR_ID = 0;
        public static final int OFF_NUM_SGE = 8;
        public static final int OFF_OPCODE = 12;
        public static final int OFF_SEND_FLAGS = 16;
        public static final int OFF_EX = 20;
        public static final int OFF_WR = 24;
        public static final int OFF_WR_RDMA_REMOTE_ADDR = 24;
        public static final int OFF_WR_RDMA_RKEY = 32;
        public static final int OFF_WR_ATOMIC_REMOTE_ADDR = 24;
        public static final int OFF_WR_ATOMIC_COMPARE_ADD = 32;
        public static final int OFF_WR_ATOMIC_SWAP = 40;
        public static final int OFF_WR_ATOMIC_RKEY = 48;
        public static final int OFF_WR_UD_AH = 24;
        public static final int OFF_WR_UD_REMOTE_QPN = 28;
        public static final int OFF_WR_UD_REMOTE_QKEY = 32;

        private SendWr() {}
    }

    /** {@code struct ib_uverbs_post_send} (ib_user_verbs.h). */
    public static final class PostSend {
        public static final String C_TYPE = "ib_uverbs_post_send";
        public static final int SIZE = 24;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_QP_HANDLE = 8;
        public static final int OFF_WR_COUNT = 12;
        public static final int OFF_SGE_COUNT = 16;
        public static final int OFF_WQE_SIZE = 20;
        public static final int OFF_SEND_WR = 24;

        private PostSend() {}
    }

    /** {@code struct ib_uverbs_post_send_resp} (ib_user_verbs.h). */
    public static final class PostSendResp {
        public static final String C_TYPE = "ib_uverbs_post_send_resp";
        public static final int SIZE = 4;
        public static final int OFF_BAD_WR = 0;

        private PostSendResp() {}
    }

    /** {@code struct ib_uverbs_recv_wr} (ib_user_verbs.h). */
    public static final class RecvWr {
        public static final String C_TYPE = "ib_uverbs_recv_wr";
        public static final int SIZE = 16;
        public static final int OFF_WR_ID = 0;
        public static final int OFF_NUM_SGE = 8;
        public static final int OFF_RESERVED = 12;

        private RecvWr() {}
    }

    /** {@code struct ib_uverbs_post_recv} (ib_user_verbs.h). */
    public static final class PostRecv {
        public static final String C_TYPE = "ib_uverbs_post_recv";
        public static final int SIZE = 24;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_QP_HANDLE = 8;
        public static final int OFF_WR_COUNT = 12;
        public static final int OFF_SGE_COUNT = 16;
        public static final int OFF_WQE_SIZE = 20;
        public static final int OFF_RECV_WR = 24;

        private PostRecv() {}
    }

    /** {@code struct ib_uverbs_post_recv_resp} (ib_user_verbs.h). */
    public static final class PostRecvResp {
        public static final String C_TYPE = "ib_uverbs_post_recv_resp";
        public static final int SIZE = 4;
        public static final int OFF_BAD_WR = 0;

        private PostRecvResp() {}
    }

    /** {@code struct ib_uverbs_post_srq_recv} (ib_user_verbs.h). */
    public static final class PostSrqRecv {
        public static final String C_TYPE = "ib_uverbs_post_srq_recv";
        public static final int SIZE = 24;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_SRQ_HANDLE = 8;
        public static final int OFF_WR_COUNT = 12;
        public static final int OFF_SGE_COUNT = 16;
        public static final int OFF_WQE_SIZE = 20;
        public static final int OFF_RECV = 24;

        private PostSrqRecv() {}
    }

    /** {@code struct ib_uverbs_post_srq_recv_resp} (ib_user_verbs.h). */
    public static final class PostSrqRecvResp {
        public static final String C_TYPE = "ib_uverbs_post_srq_recv_resp";
        public static final int SIZE = 4;
        public static final int OFF_BAD_WR = 0;

        private PostSrqRecvResp() {}
    }

    /** {@code struct ib_uverbs_create_ah} (ib_user_verbs.h). */
    public static final class CreateAh {
        public static final String C_TYPE = "ib_uverbs_create_ah";
        public static final int SIZE = 56;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_PD_HANDLE = 16;
        public static final int OFF_RESERVED = 20;
        public static final int OFF_ATTR = 24;
        public static final int OFF_DRIVER_DATA = 56;

        private CreateAh() {}
    }

    /** {@code struct ib_uverbs_create_ah_resp} (ib_user_verbs.h). */
    public static final class CreateAhResp {
        public static final String C_TYPE = "ib_uverbs_create_ah_resp";
        public static final int SIZE = 4;
        public static final int OFF_AH_HANDLE = 0;
        public static final int OFF_DRIVER_DATA = 4;

        private CreateAhResp() {}
    }

    /** {@code struct ib_uverbs_destroy_ah} (ib_user_verbs.h). */
    public static final class DestroyAh {
        public static final String C_TYPE = "ib_uverbs_destroy_ah";
        public static final int SIZE = 4;
        public static final int OFF_AH_HANDLE = 0;

        private DestroyAh() {}
    }

    /** {@code struct ib_uverbs_attach_mcast} (ib_user_verbs.h). */
    public static final class AttachMcast {
        public static final String C_TYPE = "ib_uverbs_attach_mcast";
        public static final int SIZE = 24;
        public static final int OFF_GID = 0;
        public static final int OFF_QP_HANDLE = 16;
        public static final int OFF_MLID = 20;
        public static final int OFF_RESERVED = 22;
        public static final int OFF_DRIVER_DATA = 24;

        private AttachMcast() {}
    }

    /** {@code struct ib_uverbs_detach_mcast} (ib_user_verbs.h). */
    public static final class DetachMcast {
        public static final String C_TYPE = "ib_uverbs_detach_mcast";
        public static final int SIZE = 24;
        public static final int OFF_GID = 0;
        public static final int OFF_QP_HANDLE = 16;
        public static final int OFF_MLID = 20;
        public static final int OFF_RESERVED = 22;
        public static final int OFF_DRIVER_DATA = 24;

        private DetachMcast() {}
    }

    /** {@code struct ib_uverbs_create_flow} (ib_user_verbs.h). */
    public static final class CreateFlow {
        public static final String C_TYPE = "ib_uverbs_create_flow";
        public static final int SIZE = 24;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_QP_HANDLE = 4;
        public static final int OFF_FLOW_ATTR = 8;

        private CreateFlow() {}
    }

    /** {@code struct ib_uverbs_create_flow_resp} (ib_user_verbs.h). */
    public static final class CreateFlowResp {
        public static final String C_TYPE = "ib_uverbs_create_flow_resp";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_FLOW_HANDLE = 4;

        private CreateFlowResp() {}
    }

    /** {@code struct ib_uverbs_destroy_flow} (ib_user_verbs.h). */
    public static final class DestroyFlow {
        public static final String C_TYPE = "ib_uverbs_destroy_flow";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_FLOW_HANDLE = 4;

        private DestroyFlow() {}
    }

    /** {@code struct ib_uverbs_create_srq} (ib_user_verbs.h). */
    public static final class CreateSrq {
        public static final String C_TYPE = "ib_uverbs_create_srq";
        public static final int SIZE = 32;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_PD_HANDLE = 16;
        public static final int OFF_MAX_WR = 20;
        public static final int OFF_MAX_SGE = 24;
        public static final int OFF_SRQ_LIMIT = 28;
        public static final int OFF_DRIVER_DATA = 32;

        private CreateSrq() {}
    }

    /** {@code struct ib_uverbs_create_xsrq} (ib_user_verbs.h). */
    public static final class CreateXsrq {
        public static final String C_TYPE = "ib_uverbs_create_xsrq";
        public static final int SIZE = 48;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_SRQ_TYPE = 16;
        public static final int OFF_PD_HANDLE = 20;
        public static final int OFF_MAX_WR = 24;
        public static final int OFF_MAX_SGE = 28;
        public static final int OFF_SRQ_LIMIT = 32;
        public static final int OFF_MAX_NUM_TAGS = 36;
        public static final int OFF_XRCD_HANDLE = 40;
        public static final int OFF_CQ_HANDLE = 44;
        public static final int OFF_DRIVER_DATA = 48;

        private CreateXsrq() {}
    }

    /** {@code struct ib_uverbs_create_srq_resp} (ib_user_verbs.h). */
    public static final class CreateSrqResp {
        public static final String C_TYPE = "ib_uverbs_create_srq_resp";
        public static final int SIZE = 16;
        public static final int OFF_SRQ_HANDLE = 0;
        public static final int OFF_MAX_WR = 4;
        public static final int OFF_MAX_SGE = 8;
        public static final int OFF_SRQN = 12;
        public static final int OFF_DRIVER_DATA = 16;

        private CreateSrqResp() {}
    }

    /** {@code struct ib_uverbs_modify_srq} (ib_user_verbs.h). */
    public static final class ModifySrq {
        public static final String C_TYPE = "ib_uverbs_modify_srq";
        public static final int SIZE = 16;
        public static final int OFF_SRQ_HANDLE = 0;
        public static final int OFF_ATTR_MASK = 4;
        public static final int OFF_MAX_WR = 8;
        public static final int OFF_SRQ_LIMIT = 12;
        public static final int OFF_DRIVER_DATA = 16;

        private ModifySrq() {}
    }

    /** {@code struct ib_uverbs_query_srq} (ib_user_verbs.h). */
    public static final class QuerySrq {
        public static final String C_TYPE = "ib_uverbs_query_srq";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_SRQ_HANDLE = 8;
        public static final int OFF_RESERVED = 12;
        public static final int OFF_DRIVER_DATA = 16;

        private QuerySrq() {}
    }

    /** {@code struct ib_uverbs_query_srq_resp} (ib_user_verbs.h). */
    public static final class QuerySrqResp {
        public static final String C_TYPE = "ib_uverbs_query_srq_resp";
        public static final int SIZE = 16;
        public static final int OFF_MAX_WR = 0;
        public static final int OFF_MAX_SGE = 4;
        public static final int OFF_SRQ_LIMIT = 8;
        public static final int OFF_RESERVED = 12;

        private QuerySrqResp() {}
    }

    /** {@code struct ib_uverbs_destroy_srq} (ib_user_verbs.h). */
    public static final class DestroySrq {
        public static final String C_TYPE = "ib_uverbs_destroy_srq";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_SRQ_HANDLE = 8;
        public static final int OFF_RESERVED = 12;

        private DestroySrq() {}
    }

    /** {@code struct ib_uverbs_ex_create_wq} (ib_user_verbs.h). */
    public static final class ExCreateWq {
        public static final String C_TYPE = "ib_uverbs_ex_create_wq";
        public static final int SIZE = 40;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_WQ_TYPE = 4;
        public static final int OFF_USER_HANDLE = 8;
        public static final int OFF_PD_HANDLE = 16;
        public static final int OFF_CQ_HANDLE = 20;
        public static final int OFF_MAX_WR = 24;
        public static final int OFF_MAX_SGE = 28;
        public static final int OFF_CREATE_FLAGS = 32;
        public static final int OFF_RESERVED = 36;

        private ExCreateWq() {}
    }

    /** {@code struct ib_uverbs_ex_create_wq_resp} (ib_user_verbs.h). */
    public static final class ExCreateWqResp {
        public static final String C_TYPE = "ib_uverbs_ex_create_wq_resp";
        public static final int SIZE = 24;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESPONSE_LENGTH = 4;
        public static final int OFF_WQ_HANDLE = 8;
        public static final int OFF_MAX_WR = 12;
        public static final int OFF_MAX_SGE = 16;
        public static final int OFF_WQN = 20;

        private ExCreateWqResp() {}
    }

    /** {@code struct ib_uverbs_ex_destroy_wq} (ib_user_verbs.h). */
    public static final class ExDestroyWq {
        public static final String C_TYPE = "ib_uverbs_ex_destroy_wq";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_WQ_HANDLE = 4;

        private ExDestroyWq() {}
    }

    /** {@code struct ib_uverbs_ex_destroy_wq_resp} (ib_user_verbs.h). */
    public static final class ExDestroyWqResp {
        public static final String C_TYPE = "ib_uverbs_ex_destroy_wq_resp";
        public static final int SIZE = 16;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESPONSE_LENGTH = 4;
        public static final int OFF_EVENTS_REPORTED = 8;
        public static final int OFF_RESERVED = 12;

        private ExDestroyWqResp() {}
    }

    /** {@code struct ib_uverbs_ex_modify_wq} (ib_user_verbs.h). */
    public static final class ExModifyWq {
        public static final String C_TYPE = "ib_uverbs_ex_modify_wq";
        public static final int SIZE = 24;
        public static final int OFF_ATTR_MASK = 0;
        public static final int OFF_WQ_HANDLE = 4;
        public static final int OFF_WQ_STATE = 8;
        public static final int OFF_CURR_WQ_STATE = 12;
        public static final int OFF_FLAGS = 16;
        public static final int OFF_FLAGS_MASK = 20;

        private ExModifyWq() {}
    }

    /** {@code struct ib_uverbs_ex_create_rwq_ind_table} (ib_user_verbs.h). */
    public static final class ExCreateRwqIndTable {
        public static final String C_TYPE = "ib_uverbs_ex_create_rwq_ind_table";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_LOG_IND_TBL_SIZE = 4;
        public static final int OFF_WQ_HANDLES = 8;

        private ExCreateRwqIndTable() {}
    }

    /** {@code struct ib_uverbs_ex_create_rwq_ind_table_resp} (ib_user_verbs.h). */
    public static final class ExCreateRwqIndTableResp {
        public static final String C_TYPE = "ib_uverbs_ex_create_rwq_ind_table_resp";
        public static final int SIZE = 16;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESPONSE_LENGTH = 4;
        public static final int OFF_IND_TBL_HANDLE = 8;
        public static final int OFF_IND_TBL_NUM = 12;

        private ExCreateRwqIndTableResp() {}
    }

    /** {@code struct ib_uverbs_ex_destroy_rwq_ind_table} (ib_user_verbs.h). */
    public static final class ExDestroyRwqIndTable {
        public static final String C_TYPE = "ib_uverbs_ex_destroy_rwq_ind_table";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_IND_TBL_HANDLE = 4;

        private ExDestroyRwqIndTable() {}
    }

    /** {@code struct ib_uverbs_ex_modify_cq} (ib_user_verbs.h). */
    public static final class ExModifyCq {
        public static final String C_TYPE = "ib_uverbs_ex_modify_cq";
        public static final int SIZE = 16;
        public static final int OFF_CQ_HANDLE = 0;
        public static final int OFF_ATTR_MASK = 4;
        public static final int OFF_ATTR = 8;
        public static final int OFF_RESERVED = 12;

        private ExModifyCq() {}
    }

    private LegacyCommands() {}
}
