package dev.sluice.rdmaproxy.abi;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rdma_cm ABI: what librdmacm {@code write()}s to {@code /dev/infiniband/rdma_cm}. Every
 * command is one {@code write()} of {@link CmdHdr} followed by the command's struct; there is no
 * ioctl and no {@code read()}. Commands that answer carry a {@code response} user pointer (a {@code
 * u64}) that the kernel {@code copy_to_user()}s into; {@link #COMMANDS} names it and the least
 * buffer the kernel accepts behind it.
 *
 * <p>Constants and layouts from {@code include/uapi/rdma/rdma_user_cm.h} (with {@code
 * ib_user_sa.h}, {@code ib_user_verbs.h}, {@code linux/in.h}, {@code linux/in6.h} and {@code
 * linux/socket.h}) of Debian's linux-libc-dev 6.1.187; {@code AF_INET}, {@code AF_INET6} and {@code
 * AF_IB} from the C library's {@code sys/socket.h}. The per-command rules in {@link #COMMANDS}
 * restate drivers/infiniband/core/ucma.c: {@code ucma_write} fails a write shorter than the header,
 * a command number past its table and an {@code in} longer than the write with EINVAL, and a
 * command the table leaves empty ({@link #RDMA_USER_CM_CMD_GET_OPTION}) with ENOSYS; each handler
 * then copies {@code sizeof} its struct whatever {@code in} says (CONNECT and ACCEPT copy at least
 * up to {@code reserved} and at most the struct) and fails a short {@code out} with ENOSPC.
 * Kernel-internal facts the policy also needs (AF_IB's {@code sockaddr_ib}, event numbers, CM
 * private-data sizes) are in {@link RdmaCmKernel}.
 *
 * <p>The command structs are the kernel's; librdmacm (rdma-core {@code librdmacm/cma.c}) writes the
 * same bytes with the header folded into its own copies of the structs ({@code rdma_cma_abi.h}),
 * zeroed, with {@code in} = the struct's size and {@code out} = the size of its response buffer.
 */
public final class RdmaCmAbi {
    // From include/uapi/rdma/rdma_user_cm.h (linux-libc-dev 6.1.187)
    public static final int RDMA_USER_CM_ABI_VERSION = 4;
    public static final int RDMA_MAX_PRIVATE_DATA = 256;

    // enum (anonymous): the command numbers, indices of ucma.c's ucma_cmd_table
    public static final int RDMA_USER_CM_CMD_CREATE_ID = 0;
    public static final int RDMA_USER_CM_CMD_DESTROY_ID = 1;
    public static final int RDMA_USER_CM_CMD_BIND_IP = 2;
    public static final int RDMA_USER_CM_CMD_RESOLVE_IP = 3;
    public static final int RDMA_USER_CM_CMD_RESOLVE_ROUTE = 4;
    public static final int RDMA_USER_CM_CMD_QUERY_ROUTE = 5;
    public static final int RDMA_USER_CM_CMD_CONNECT = 6;
    public static final int RDMA_USER_CM_CMD_LISTEN = 7;
    public static final int RDMA_USER_CM_CMD_ACCEPT = 8;
    public static final int RDMA_USER_CM_CMD_REJECT = 9;
    public static final int RDMA_USER_CM_CMD_DISCONNECT = 10;
    public static final int RDMA_USER_CM_CMD_INIT_QP_ATTR = 11;
    public static final int RDMA_USER_CM_CMD_GET_EVENT = 12;
    public static final int RDMA_USER_CM_CMD_GET_OPTION = 13;
    public static final int RDMA_USER_CM_CMD_SET_OPTION = 14;
    public static final int RDMA_USER_CM_CMD_NOTIFY = 15;
    public static final int RDMA_USER_CM_CMD_JOIN_IP_MCAST = 16;
    public static final int RDMA_USER_CM_CMD_LEAVE_MCAST = 17;
    public static final int RDMA_USER_CM_CMD_MIGRATE_ID = 18;
    public static final int RDMA_USER_CM_CMD_QUERY = 19;
    public static final int RDMA_USER_CM_CMD_BIND = 20;
    public static final int RDMA_USER_CM_CMD_RESOLVE_ADDR = 21;
    public static final int RDMA_USER_CM_CMD_JOIN_MCAST = 22;

    // enum rdma_ucm_port_space
    public static final int RDMA_PS_IPOIB = 0x0002;
    public static final int RDMA_PS_IB = 0x013F;
    public static final int RDMA_PS_TCP = 0x0106;
    public static final int RDMA_PS_UDP = 0x0111;

    // enum (anonymous): rdma_ucm_query.option
    public static final int RDMA_USER_CM_QUERY_ADDR = 0;
    public static final int RDMA_USER_CM_QUERY_PATH = 1;
    public static final int RDMA_USER_CM_QUERY_GID = 2;

    // enum (anonymous): rdma_ucm_join_mcast.join_flags
    public static final int RDMA_MC_JOIN_FLAG_FULLMEMBER = 0;
    public static final int RDMA_MC_JOIN_FLAG_SENDONLY_FULLMEMBER = 1;
    public static final int RDMA_MC_JOIN_FLAG_RESERVED = 2;

    // Option levels and names of rdma_ucm_set_option
    public static final int RDMA_OPTION_ID = 0;
    public static final int RDMA_OPTION_IB = 1;
    public static final int RDMA_OPTION_ID_TOS = 0;
    public static final int RDMA_OPTION_ID_REUSEADDR = 1;
    public static final int RDMA_OPTION_ID_AFONLY = 2;
    public static final int RDMA_OPTION_ID_ACK_TIMEOUT = 3;
    public static final int RDMA_OPTION_IB_PATH = 1;

    // From include/uapi/rdma/ib_user_sa.h: ib_path_rec_data.flags
    public static final int IB_PATH_GMP = 1;
    public static final int IB_PATH_PRIMARY = 1 << 1;
    public static final int IB_PATH_ALTERNATE = 1 << 2;
    public static final int IB_PATH_OUTBOUND = 1 << 3;
    public static final int IB_PATH_INBOUND = 1 << 4;
    public static final int IB_PATH_INBOUND_REVERSE = 1 << 5;
    public static final int IB_PATH_BIDIRECTIONAL = IB_PATH_OUTBOUND | IB_PATH_INBOUND_REVERSE;

    // From the C library's sys/socket.h (bits/socket.h): the families rdma_cm takes
    public static final int AF_INET = 2;
    public static final int AF_INET6 = 10;
    public static final int AF_IB = 27;

    /** Command number -> C name, every number of the header (GET_OPTION included). */
    public static final Map<Integer, String> CMD_NAMES =
            Map.ofEntries(
                    Map.entry(RDMA_USER_CM_CMD_CREATE_ID, "RDMA_USER_CM_CMD_CREATE_ID"),
                    Map.entry(RDMA_USER_CM_CMD_DESTROY_ID, "RDMA_USER_CM_CMD_DESTROY_ID"),
                    Map.entry(RDMA_USER_CM_CMD_BIND_IP, "RDMA_USER_CM_CMD_BIND_IP"),
                    Map.entry(RDMA_USER_CM_CMD_RESOLVE_IP, "RDMA_USER_CM_CMD_RESOLVE_IP"),
                    Map.entry(RDMA_USER_CM_CMD_RESOLVE_ROUTE, "RDMA_USER_CM_CMD_RESOLVE_ROUTE"),
                    Map.entry(RDMA_USER_CM_CMD_QUERY_ROUTE, "RDMA_USER_CM_CMD_QUERY_ROUTE"),
                    Map.entry(RDMA_USER_CM_CMD_CONNECT, "RDMA_USER_CM_CMD_CONNECT"),
                    Map.entry(RDMA_USER_CM_CMD_LISTEN, "RDMA_USER_CM_CMD_LISTEN"),
                    Map.entry(RDMA_USER_CM_CMD_ACCEPT, "RDMA_USER_CM_CMD_ACCEPT"),
                    Map.entry(RDMA_USER_CM_CMD_REJECT, "RDMA_USER_CM_CMD_REJECT"),
                    Map.entry(RDMA_USER_CM_CMD_DISCONNECT, "RDMA_USER_CM_CMD_DISCONNECT"),
                    Map.entry(RDMA_USER_CM_CMD_INIT_QP_ATTR, "RDMA_USER_CM_CMD_INIT_QP_ATTR"),
                    Map.entry(RDMA_USER_CM_CMD_GET_EVENT, "RDMA_USER_CM_CMD_GET_EVENT"),
                    Map.entry(RDMA_USER_CM_CMD_GET_OPTION, "RDMA_USER_CM_CMD_GET_OPTION"),
                    Map.entry(RDMA_USER_CM_CMD_SET_OPTION, "RDMA_USER_CM_CMD_SET_OPTION"),
                    Map.entry(RDMA_USER_CM_CMD_NOTIFY, "RDMA_USER_CM_CMD_NOTIFY"),
                    Map.entry(RDMA_USER_CM_CMD_JOIN_IP_MCAST, "RDMA_USER_CM_CMD_JOIN_IP_MCAST"),
                    Map.entry(RDMA_USER_CM_CMD_LEAVE_MCAST, "RDMA_USER_CM_CMD_LEAVE_MCAST"),
                    Map.entry(RDMA_USER_CM_CMD_MIGRATE_ID, "RDMA_USER_CM_CMD_MIGRATE_ID"),
                    Map.entry(RDMA_USER_CM_CMD_QUERY, "RDMA_USER_CM_CMD_QUERY"),
                    Map.entry(RDMA_USER_CM_CMD_BIND, "RDMA_USER_CM_CMD_BIND"),
                    Map.entry(RDMA_USER_CM_CMD_RESOLVE_ADDR, "RDMA_USER_CM_CMD_RESOLVE_ADDR"),
                    Map.entry(RDMA_USER_CM_CMD_JOIN_MCAST, "RDMA_USER_CM_CMD_JOIN_MCAST"));

    /**
     * One command ucma.c implements.
     *
     * @param cmd the command number
     * @param request the C type of the command struct (after {@link CmdHdr})
     * @param inMin the least {@code in} the kernel reads a whole command from: {@code sizeof} the
     *     struct, or for CONNECT and ACCEPT up to the end of {@code reserved} (the struct before
     *     ECE was added)
     * @param inMax {@code sizeof} the struct: the kernel reads no more
     * @param responseOffset the offset in the struct of the {@code u64 response} the kernel writes
     *     to; -1 where it writes nothing back (BIND_IP has a {@code response} field the kernel
     *     never reads)
     * @param response the C type the kernel writes there, null where none; for QUERY the ADDR and
     *     GID options' ({@link QueryAddrResp}), the PATH option writes {@link QueryPathResp}
     * @param outMin the least {@code out} the kernel accepts (ENOSPC below it), 0 where nothing is
     *     written back; for MIGRATE_ID, which does not check {@code out}, the response it writes
     *     anyway; for QUERY, the ADDR and GID options' ({@code offsetof(ibdev_index)})
     * @param idOffset the offset of the {@code u32 id} the command acts on (a context id; for
     *     LEAVE_MCAST a multicast id; for MIGRATE_ID an id of the file named by {@code fd}), -1
     *     where it names none
     */
    public record Command(
            int cmd,
            String request,
            int inMin,
            int inMax,
            int responseOffset,
            String response,
            int outMin,
            int idOffset) {
        /** The C name, {@code RDMA_USER_CM_CMD_...}. */
        public String name() {
            return CMD_NAMES.get(cmd);
        }

        /** Whether the kernel writes a response through {@code response}. */
        public boolean responds() {
            return responseOffset >= 0;
        }
    }

    /**
     * The commands ucma.c's {@code ucma_cmd_table} implements, in command order: every number but
     * {@link #RDMA_USER_CM_CMD_GET_OPTION}, whose entry is NULL (ENOSYS).
     */
    public static final List<Command> COMMANDS =
            List.of(
                    c(
                            RDMA_USER_CM_CMD_CREATE_ID,
                            CreateId.C_TYPE,
                            CreateId.SIZE,
                            CreateId.SIZE,
                            CreateId.OFF_RESPONSE,
                            CreateIdResp.C_TYPE,
                            CreateIdResp.SIZE,
                            -1),
                    c(
                            RDMA_USER_CM_CMD_DESTROY_ID,
                            DestroyId.C_TYPE,
                            DestroyId.SIZE,
                            DestroyId.SIZE,
                            DestroyId.OFF_RESPONSE,
                            DestroyIdResp.C_TYPE,
                            DestroyIdResp.SIZE,
                            DestroyId.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_BIND_IP,
                            BindIp.C_TYPE,
                            BindIp.SIZE,
                            BindIp.SIZE,
                            -1,
                            null,
                            0,
                            BindIp.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_RESOLVE_IP,
                            ResolveIp.C_TYPE,
                            ResolveIp.SIZE,
                            ResolveIp.SIZE,
                            -1,
                            null,
                            0,
                            ResolveIp.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_RESOLVE_ROUTE,
                            ResolveRoute.C_TYPE,
                            ResolveRoute.SIZE,
                            ResolveRoute.SIZE,
                            -1,
                            null,
                            0,
                            ResolveRoute.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_QUERY_ROUTE,
                            Query.C_TYPE,
                            Query.SIZE,
                            Query.SIZE,
                            Query.OFF_RESPONSE,
                            QueryRouteResp.C_TYPE,
                            QueryRouteResp.OFF_IBDEV_INDEX,
                            Query.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_CONNECT,
                            Connect.C_TYPE,
                            Connect.OFF_RESERVED + 4,
                            Connect.SIZE,
                            -1,
                            null,
                            0,
                            Connect.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_LISTEN,
                            Listen.C_TYPE,
                            Listen.SIZE,
                            Listen.SIZE,
                            -1,
                            null,
                            0,
                            Listen.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_ACCEPT,
                            Accept.C_TYPE,
                            Accept.OFF_RESERVED + 4,
                            Accept.SIZE,
                            -1,
                            null,
                            0,
                            Accept.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_REJECT,
                            Reject.C_TYPE,
                            Reject.SIZE,
                            Reject.SIZE,
                            -1,
                            null,
                            0,
                            Reject.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_DISCONNECT,
                            Disconnect.C_TYPE,
                            Disconnect.SIZE,
                            Disconnect.SIZE,
                            -1,
                            null,
                            0,
                            Disconnect.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_INIT_QP_ATTR,
                            InitQpAttr.C_TYPE,
                            InitQpAttr.SIZE,
                            InitQpAttr.SIZE,
                            InitQpAttr.OFF_RESPONSE,
                            QpAttr.C_TYPE,
                            QpAttr.SIZE,
                            InitQpAttr.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_GET_EVENT,
                            GetEvent.C_TYPE,
                            GetEvent.SIZE,
                            GetEvent.SIZE,
                            GetEvent.OFF_RESPONSE,
                            EventResp.C_TYPE,
                            EventResp.OFF_RESERVED,
                            -1),
                    c(
                            RDMA_USER_CM_CMD_SET_OPTION,
                            SetOption.C_TYPE,
                            SetOption.SIZE,
                            SetOption.SIZE,
                            -1,
                            null,
                            0,
                            SetOption.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_NOTIFY,
                            Notify.C_TYPE,
                            Notify.SIZE,
                            Notify.SIZE,
                            -1,
                            null,
                            0,
                            Notify.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_JOIN_IP_MCAST,
                            JoinIpMcast.C_TYPE,
                            JoinIpMcast.SIZE,
                            JoinIpMcast.SIZE,
                            JoinIpMcast.OFF_RESPONSE,
                            CreateIdResp.C_TYPE,
                            CreateIdResp.SIZE,
                            JoinIpMcast.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_LEAVE_MCAST,
                            DestroyId.C_TYPE,
                            DestroyId.SIZE,
                            DestroyId.SIZE,
                            DestroyId.OFF_RESPONSE,
                            DestroyIdResp.C_TYPE,
                            DestroyIdResp.SIZE,
                            DestroyId.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_MIGRATE_ID,
                            MigrateId.C_TYPE,
                            MigrateId.SIZE,
                            MigrateId.SIZE,
                            MigrateId.OFF_RESPONSE,
                            MigrateResp.C_TYPE,
                            MigrateResp.SIZE,
                            MigrateId.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_QUERY,
                            Query.C_TYPE,
                            Query.SIZE,
                            Query.SIZE,
                            Query.OFF_RESPONSE,
                            QueryAddrResp.C_TYPE,
                            QueryAddrResp.OFF_IBDEV_INDEX,
                            Query.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_BIND,
                            Bind.C_TYPE,
                            Bind.SIZE,
                            Bind.SIZE,
                            -1,
                            null,
                            0,
                            Bind.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_RESOLVE_ADDR,
                            ResolveAddr.C_TYPE,
                            ResolveAddr.SIZE,
                            ResolveAddr.SIZE,
                            -1,
                            null,
                            0,
                            ResolveAddr.OFF_ID),
                    c(
                            RDMA_USER_CM_CMD_JOIN_MCAST,
                            JoinMcast.C_TYPE,
                            JoinMcast.SIZE,
                            JoinMcast.SIZE,
                            JoinMcast.OFF_RESPONSE,
                            CreateIdResp.C_TYPE,
                            CreateIdResp.SIZE,
                            JoinMcast.OFF_ID));

    private static final Map<Integer, Command> BY_NUMBER = new HashMap<>();

    static {
        for (Command c : COMMANDS) {
            BY_NUMBER.put(c.cmd(), c);
        }
    }

    /** The command numbered {@code cmd} (unsigned), or null where ucma.c implements none. */
    public static Command command(long cmd) {
        return cmd < 0 || cmd > Integer.MAX_VALUE ? null : BY_NUMBER.get((int) cmd);
    }

    private static Command c(
            int cmd,
            String request,
            int inMin,
            int inMax,
            int responseOffset,
            String response,
            int outMin,
            int idOffset) {
        return new Command(cmd, request, inMin, inMax, responseOffset, response, outMin, idOffset);
    }

    /**
     * {@code struct rdma_ucm_cmd_hdr} (rdma_user_cm.h): the 8 bytes every rdma_cm {@code write()}
     * starts with. {@code in} counts the bytes of the command that follow, {@code out} the bytes of
     * the buffer the command's {@code response} pointer names.
     */
    public static final class CmdHdr {
        public static final String C_TYPE = "rdma_ucm_cmd_hdr";
        public static final int SIZE = 8;
        public static final int OFF_CMD = 0;
        public static final int OFF_IN = 4;
        public static final int OFF_OUT = 6;

        private CmdHdr() {}
    }

    /** {@code struct rdma_ucm_create_id} (rdma_user_cm.h). */
    public static final class CreateId {
        public static final String C_TYPE = "rdma_ucm_create_id";
        public static final int SIZE = 24;
        public static final int OFF_UID = 0;
        public static final int OFF_RESPONSE = 8;
        public static final int OFF_PS = 16;
        public static final int OFF_QP_TYPE = 18;
        public static final int OFF_RESERVED = 19;

        private CreateId() {}
    }

    /** {@code struct rdma_ucm_create_id_resp} (rdma_user_cm.h). */
    public static final class CreateIdResp {
        public static final String C_TYPE = "rdma_ucm_create_id_resp";
        public static final int SIZE = 4;
        public static final int OFF_ID = 0;

        private CreateIdResp() {}
    }

    /** {@code struct rdma_ucm_destroy_id} (rdma_user_cm.h). */
    public static final class DestroyId {
        public static final String C_TYPE = "rdma_ucm_destroy_id";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_ID = 8;
        public static final int OFF_RESERVED = 12;

        private DestroyId() {}
    }

    /** {@code struct rdma_ucm_destroy_id_resp} (rdma_user_cm.h). */
    public static final class DestroyIdResp {
        public static final String C_TYPE = "rdma_ucm_destroy_id_resp";
        public static final int SIZE = 4;
        public static final int OFF_EVENTS_REPORTED = 0;

        private DestroyIdResp() {}
    }

    /**
     * {@code struct rdma_ucm_bind_ip} (rdma_user_cm.h). The kernel never reads {@code response}
     * (ucma_bind_ip); {@code addr} holds a {@code sockaddr_in} or {@code sockaddr_in6}.
     */
    public static final class BindIp {
        public static final String C_TYPE = "rdma_ucm_bind_ip";
        public static final int SIZE = 40;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_ADDR = 8;
        public static final int OFF_ID = 36;

        private BindIp() {}
    }

    /** {@code struct rdma_ucm_bind} (rdma_user_cm.h). */
    public static final class Bind {
        public static final String C_TYPE = "rdma_ucm_bind";
        public static final int SIZE = 136;
        public static final int OFF_ID = 0;
        public static final int OFF_ADDR_SIZE = 4;
        public static final int OFF_RESERVED = 6;
        public static final int OFF_ADDR = 8;

        private Bind() {}
    }

    /** {@code struct rdma_ucm_resolve_ip} (rdma_user_cm.h). */
    public static final class ResolveIp {
        public static final String C_TYPE = "rdma_ucm_resolve_ip";
        public static final int SIZE = 64;
        public static final int OFF_SRC_ADDR = 0;
        public static final int OFF_DST_ADDR = 28;
        public static final int OFF_ID = 56;
        public static final int OFF_TIMEOUT_MS = 60;

        private ResolveIp() {}
    }

    /** {@code struct rdma_ucm_resolve_addr} (rdma_user_cm.h). */
    public static final class ResolveAddr {
        public static final String C_TYPE = "rdma_ucm_resolve_addr";
        public static final int SIZE = 272;
        public static final int OFF_ID = 0;
        public static final int OFF_TIMEOUT_MS = 4;
        public static final int OFF_SRC_SIZE = 8;
        public static final int OFF_DST_SIZE = 10;
        public static final int OFF_RESERVED = 12;
        public static final int OFF_SRC_ADDR = 16;
        public static final int OFF_DST_ADDR = 144;

        private ResolveAddr() {}
    }

    /** {@code struct rdma_ucm_resolve_route} (rdma_user_cm.h). */
    public static final class ResolveRoute {
        public static final String C_TYPE = "rdma_ucm_resolve_route";
        public static final int SIZE = 8;
        public static final int OFF_ID = 0;
        public static final int OFF_TIMEOUT_MS = 4;

        private ResolveRoute() {}
    }

    /** {@code struct rdma_ucm_query} (rdma_user_cm.h). */
    public static final class Query {
        public static final String C_TYPE = "rdma_ucm_query";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_ID = 8;
        public static final int OFF_OPTION = 12;

        private Query() {}
    }

    /** {@code struct rdma_ucm_query_route_resp} (rdma_user_cm.h). */
    public static final class QueryRouteResp {
        public static final String C_TYPE = "rdma_ucm_query_route_resp";
        public static final int SIZE = 208;
        public static final int OFF_NODE_GUID = 0;
        public static final int OFF_IB_ROUTE = 8;
        public static final int OFF_SRC_ADDR = 136;
        public static final int OFF_DST_ADDR = 164;
        public static final int OFF_NUM_PATHS = 192;
        public static final int OFF_PORT_NUM = 196;
        public static final int OFF_RESERVED = 197;
        public static final int OFF_IBDEV_INDEX = 200;
        public static final int OFF_RESERVED1 = 204;

        private QueryRouteResp() {}
    }

    /** {@code struct rdma_ucm_query_addr_resp} (rdma_user_cm.h). */
    public static final class QueryAddrResp {
        public static final String C_TYPE = "rdma_ucm_query_addr_resp";
        public static final int SIZE = 280;
        public static final int OFF_NODE_GUID = 0;
        public static final int OFF_PORT_NUM = 8;
        public static final int OFF_RESERVED = 9;
        public static final int OFF_PKEY = 10;
        public static final int OFF_SRC_SIZE = 12;
        public static final int OFF_DST_SIZE = 14;
        public static final int OFF_SRC_ADDR = 16;
        public static final int OFF_DST_ADDR = 144;
        public static final int OFF_IBDEV_INDEX = 272;
        public static final int OFF_RESERVED1 = 276;

        private QueryAddrResp() {}
    }

    /**
     * {@code struct rdma_ucm_query_path_resp} (rdma_user_cm.h): {@code path_data} is a flexible
     * array of {@link PathRecData}, as many as {@code out} has room for.
     */
    public static final class QueryPathResp {
        public static final String C_TYPE = "rdma_ucm_query_path_resp";
        public static final int SIZE = 8;
        public static final int OFF_NUM_PATHS = 0;
        public static final int OFF_RESERVED = 4;
        public static final int OFF_PATH_DATA = 8;

        private QueryPathResp() {}
    }

    /** {@code struct rdma_ucm_conn_param} (rdma_user_cm.h). */
    public static final class ConnParam {
        public static final String C_TYPE = "rdma_ucm_conn_param";
        public static final int SIZE = 272;
        public static final int OFF_QP_NUM = 0;
        public static final int OFF_QKEY = 4;
        public static final int OFF_PRIVATE_DATA = 8;
        public static final int OFF_PRIVATE_DATA_LEN = 264;
        public static final int OFF_SRQ = 265;
        public static final int OFF_RESPONDER_RESOURCES = 266;
        public static final int OFF_INITIATOR_DEPTH = 267;
        public static final int OFF_FLOW_CONTROL = 268;
        public static final int OFF_RETRY_COUNT = 269;
        public static final int OFF_RNR_RETRY_COUNT = 270;
        public static final int OFF_VALID = 271;

        private ConnParam() {}
    }

    /** {@code struct rdma_ucm_ud_param} (rdma_user_cm.h). */
    public static final class UdParam {
        public static final String C_TYPE = "rdma_ucm_ud_param";
        public static final int SIZE = 304;
        public static final int OFF_QP_NUM = 0;
        public static final int OFF_QKEY = 4;
        public static final int OFF_AH_ATTR = 8;
        public static final int OFF_PRIVATE_DATA = 40;
        public static final int OFF_PRIVATE_DATA_LEN = 296;
        public static final int OFF_RESERVED = 297;

        private UdParam() {}
    }

    /** {@code struct rdma_ucm_ece} (rdma_user_cm.h). */
    public static final class Ece {
        public static final String C_TYPE = "rdma_ucm_ece";
        public static final int SIZE = 8;
        public static final int OFF_VENDOR_ID = 0;
        public static final int OFF_ATTR_MOD = 4;

        private Ece() {}
    }

    /** {@code struct rdma_ucm_connect} (rdma_user_cm.h). */
    public static final class Connect {
        public static final String C_TYPE = "rdma_ucm_connect";
        public static final int SIZE = 288;
        public static final int OFF_CONN_PARAM = 0;
        public static final int OFF_ID = 272;
        public static final int OFF_RESERVED = 276;
        public static final int OFF_ECE = 280;

        private Connect() {}
    }

    /** {@code struct rdma_ucm_listen} (rdma_user_cm.h). */
    public static final class Listen {
        public static final String C_TYPE = "rdma_ucm_listen";
        public static final int SIZE = 8;
        public static final int OFF_ID = 0;
        public static final int OFF_BACKLOG = 4;

        private Listen() {}
    }

    /** {@code struct rdma_ucm_accept} (rdma_user_cm.h). */
    public static final class Accept {
        public static final String C_TYPE = "rdma_ucm_accept";
        public static final int SIZE = 296;
        public static final int OFF_UID = 0;
        public static final int OFF_CONN_PARAM = 8;
        public static final int OFF_ID = 280;
        public static final int OFF_RESERVED = 284;
        public static final int OFF_ECE = 288;

        private Accept() {}
    }

    /** {@code struct rdma_ucm_reject} (rdma_user_cm.h). */
    public static final class Reject {
        public static final String C_TYPE = "rdma_ucm_reject";
        public static final int SIZE = 264;
        public static final int OFF_ID = 0;
        public static final int OFF_PRIVATE_DATA_LEN = 4;
        public static final int OFF_REASON = 5;
        public static final int OFF_RESERVED = 6;
        public static final int OFF_PRIVATE_DATA = 8;

        private Reject() {}
    }

    /** {@code struct rdma_ucm_disconnect} (rdma_user_cm.h). */
    public static final class Disconnect {
        public static final String C_TYPE = "rdma_ucm_disconnect";
        public static final int SIZE = 4;
        public static final int OFF_ID = 0;

        private Disconnect() {}
    }

    /** {@code struct rdma_ucm_init_qp_attr} (rdma_user_cm.h). */
    public static final class InitQpAttr {
        public static final String C_TYPE = "rdma_ucm_init_qp_attr";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_ID = 8;
        public static final int OFF_QP_STATE = 12;

        private InitQpAttr() {}
    }

    /** {@code struct rdma_ucm_notify} (rdma_user_cm.h). */
    public static final class Notify {
        public static final String C_TYPE = "rdma_ucm_notify";
        public static final int SIZE = 8;
        public static final int OFF_ID = 0;
        public static final int OFF_EVENT = 4;

        private Notify() {}
    }

    /** {@code struct rdma_ucm_join_ip_mcast} (rdma_user_cm.h). */
    public static final class JoinIpMcast {
        public static final String C_TYPE = "rdma_ucm_join_ip_mcast";
        public static final int SIZE = 48;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_UID = 8;
        public static final int OFF_ADDR = 16;
        public static final int OFF_ID = 44;

        private JoinIpMcast() {}
    }

    /** {@code struct rdma_ucm_join_mcast} (rdma_user_cm.h). */
    public static final class JoinMcast {
        public static final String C_TYPE = "rdma_ucm_join_mcast";
        public static final int SIZE = 152;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_UID = 8;
        public static final int OFF_ID = 16;
        public static final int OFF_ADDR_SIZE = 20;
        public static final int OFF_JOIN_FLAGS = 22;
        public static final int OFF_ADDR = 24;

        private JoinMcast() {}
    }

    /** {@code struct rdma_ucm_get_event} (rdma_user_cm.h). */
    public static final class GetEvent {
        public static final String C_TYPE = "rdma_ucm_get_event";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE = 0;

        private GetEvent() {}
    }

    /**
     * {@code struct rdma_ucm_event_resp} (rdma_user_cm.h). {@code param} is a union of {@link
     * ConnParam} and {@link UdParam}, at 4-byte alignment (the header says so). For a connect
     * request {@code id} is the new id the kernel made; for a multicast event it is the multicast
     * id.
     */
    public static final class EventResp {
        public static final String C_TYPE = "rdma_ucm_event_resp";
        public static final int SIZE = 336;
        public static final int OFF_UID = 0;
        public static final int OFF_ID = 8;
        public static final int OFF_EVENT = 12;
        public static final int OFF_STATUS = 16;
        public static final int OFF_PARAM = 20;
        public static final int OFF_RESERVED = 324;
        public static final int OFF_ECE = 328;

        private EventResp() {}
    }

    /**
     * {@code struct rdma_ucm_set_option} (rdma_user_cm.h): {@code optval} points at {@code optlen}
     * bytes the kernel reads ({@code memdup_user}).
     */
    public static final class SetOption {
        public static final String C_TYPE = "rdma_ucm_set_option";
        public static final int SIZE = 24;
        public static final int OFF_OPTVAL = 0;
        public static final int OFF_ID = 8;
        public static final int OFF_LEVEL = 12;
        public static final int OFF_OPTNAME = 16;
        public static final int OFF_OPTLEN = 20;

        private SetOption() {}
    }

    /**
     * {@code struct rdma_ucm_migrate_id} (rdma_user_cm.h): {@code fd} is the rdma_cm file the id
     * leaves, a number in the fd table of the process that writes.
     */
    public static final class MigrateId {
        public static final String C_TYPE = "rdma_ucm_migrate_id";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE = 0;
        public static final int OFF_ID = 8;
        public static final int OFF_FD = 12;

        private MigrateId() {}
    }

    /** {@code struct rdma_ucm_migrate_resp} (rdma_user_cm.h). */
    public static final class MigrateResp {
        public static final String C_TYPE = "rdma_ucm_migrate_resp";
        public static final int SIZE = 4;
        public static final int OFF_EVENTS_REPORTED = 0;

        private MigrateResp() {}
    }

    /**
     * {@code struct ib_path_rec_data} (ib_user_sa.h): {@code path_rec} is an SA PathRecord as it
     * travels in a MAD (big-endian, 64 bytes); see {@link RdmaCmKernel#PATH_REC_SGID}.
     */
    public static final class PathRecData {
        public static final String C_TYPE = "ib_path_rec_data";
        public static final int SIZE = 72;
        public static final int OFF_FLAGS = 0;
        public static final int OFF_RESERVED = 4;
        public static final int OFF_PATH_REC = 8;

        private PathRecData() {}
    }

    /** {@code struct ib_user_path_rec} (ib_user_sa.h). */
    public static final class UserPathRec {
        public static final String C_TYPE = "ib_user_path_rec";
        public static final int SIZE = 64;
        public static final int OFF_DGID = 0;
        public static final int OFF_SGID = 16;
        public static final int OFF_DLID = 32;
        public static final int OFF_SLID = 34;
        public static final int OFF_RAW_TRAFFIC = 36;
        public static final int OFF_FLOW_LABEL = 40;
        public static final int OFF_REVERSIBLE = 44;
        public static final int OFF_MTU = 48;
        public static final int OFF_PKEY = 52;
        public static final int OFF_HOP_LIMIT = 54;
        public static final int OFF_TRAFFIC_CLASS = 55;
        public static final int OFF_NUMB_PATH = 56;
        public static final int OFF_SL = 57;
        public static final int OFF_MTU_SELECTOR = 58;
        public static final int OFF_RATE_SELECTOR = 59;
        public static final int OFF_RATE = 60;
        public static final int OFF_PACKET_LIFE_TIME_SELECTOR = 61;
        public static final int OFF_PACKET_LIFE_TIME = 62;
        public static final int OFF_PREFERENCE = 63;

        private UserPathRec() {}
    }

    /**
     * {@code struct ib_uverbs_qp_attr} (ib_user_verbs.h): what {@code
     * RDMA_USER_CM_CMD_INIT_QP_ATTR} writes back.
     */
    public static final class QpAttr {
        public static final String C_TYPE = "ib_uverbs_qp_attr";
        public static final int SIZE = 144;
        public static final int OFF_QP_ATTR_MASK = 0;
        public static final int OFF_QP_STATE = 4;
        public static final int OFF_CUR_QP_STATE = 8;
        public static final int OFF_PATH_MTU = 12;
        public static final int OFF_PATH_MIG_STATE = 16;
        public static final int OFF_QKEY = 20;
        public static final int OFF_RQ_PSN = 24;
        public static final int OFF_SQ_PSN = 28;
        public static final int OFF_DEST_QP_NUM = 32;
        public static final int OFF_QP_ACCESS_FLAGS = 36;
        public static final int OFF_AH_ATTR = 40;
        public static final int OFF_ALT_AH_ATTR = 72;
        public static final int OFF_MAX_SEND_WR = 104;
        public static final int OFF_MAX_RECV_WR = 108;
        public static final int OFF_MAX_SEND_SGE = 112;
        public static final int OFF_MAX_RECV_SGE = 116;
        public static final int OFF_MAX_INLINE_DATA = 120;
        public static final int OFF_PKEY_INDEX = 124;
        public static final int OFF_ALT_PKEY_INDEX = 126;
        public static final int OFF_EN_SQD_ASYNC_NOTIFY = 128;
        public static final int OFF_SQ_DRAINING = 129;
        public static final int OFF_MAX_RD_ATOMIC = 130;
        public static final int OFF_MAX_DEST_RD_ATOMIC = 131;
        public static final int OFF_MIN_RNR_TIMER = 132;
        public static final int OFF_PORT_NUM = 133;
        public static final int OFF_TIMEOUT = 134;
        public static final int OFF_RETRY_CNT = 135;
        public static final int OFF_RNR_RETRY = 136;
        public static final int OFF_ALT_PORT_NUM = 137;
        public static final int OFF_ALT_TIMEOUT = 138;
        public static final int OFF_RESERVED = 139;

        private QpAttr() {}
    }

    /** {@code struct sockaddr_in} (linux/in.h). */
    public static final class SockaddrIn {
        public static final String C_TYPE = "sockaddr_in";
        public static final int SIZE = 16;
        public static final int OFF_SIN_FAMILY = 0;
        public static final int OFF_SIN_PORT = 2;
        public static final int OFF_SIN_ADDR = 4;

        private SockaddrIn() {}
    }

    /** {@code struct sockaddr_in6} (linux/in6.h). */
    public static final class SockaddrIn6 {
        public static final String C_TYPE = "sockaddr_in6";
        public static final int SIZE = 28;
        public static final int OFF_SIN6_FAMILY = 0;
        public static final int OFF_SIN6_PORT = 2;
        public static final int OFF_SIN6_FLOWINFO = 4;
        public static final int OFF_SIN6_ADDR = 8;
        public static final int OFF_SIN6_SCOPE_ID = 24;

        private SockaddrIn6() {}
    }

    /**
     * {@code struct __kernel_sockaddr_storage} (linux/socket.h): room for any socket address,
     * AF_IB's {@code sockaddr_ib} included.
     */
    public static final class SockaddrStorage {
        public static final String C_TYPE = "__kernel_sockaddr_storage";
        public static final int SIZE = 128;
        public static final int OFF_SS_FAMILY = 0;

        private SockaddrStorage() {}
    }

    private RdmaCmAbi() {}
}
