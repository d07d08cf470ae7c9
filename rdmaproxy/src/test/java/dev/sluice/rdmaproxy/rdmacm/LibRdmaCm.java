package dev.sluice.rdmaproxy.rdmacm;

import dev.sluice.rdmaproxy.net.GidEntry;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Test support: rdma_cm writes built byte for byte as librdmacm builds them (rdma-core 44,
 * librdmacm/cma.c and rdma_cma_abi.h). librdmacm folds {@code cmd, in, out} into the front of its
 * own copy of each command struct, zeroes the struct ({@code CMA_INIT_CMD}), sets {@code in} to its
 * size less the 8-byte header and, for commands that answer, {@code out} to its response buffer's
 * size and {@code response} to that buffer ({@code CMA_INIT_CMD_RESP}); then it writes the whole
 * struct.
 *
 * <p>The sizes and offsets here are librdmacm's (header included), written out by hand from
 * rdma_cma_abi.h, not taken from {@code RdmaCmAbi}: a wrong layout there makes these writes fail.
 */
public final class LibRdmaCm {
    // UCMA_CMD_* (rdma_cma_abi.h)
    public static final int CREATE_ID = 0;
    public static final int DESTROY_ID = 1;
    public static final int BIND_IP = 2;
    public static final int RESOLVE_IP = 3;
    public static final int RESOLVE_ROUTE = 4;
    public static final int QUERY_ROUTE = 5;
    public static final int CONNECT = 6;
    public static final int LISTEN = 7;
    public static final int ACCEPT = 8;
    public static final int REJECT = 9;
    public static final int DISCONNECT = 10;
    public static final int INIT_QP_ATTR = 11;
    public static final int GET_EVENT = 12;
    public static final int GET_OPTION = 13;
    public static final int SET_OPTION = 14;
    public static final int NOTIFY = 15;
    public static final int JOIN_IP_MCAST = 16;
    public static final int LEAVE_MCAST = 17;
    public static final int MIGRATE_ID = 18;
    public static final int QUERY = 19;
    public static final int BIND = 20;
    public static final int RESOLVE_ADDR = 21;
    public static final int JOIN_MCAST = 22;

    // Response buffers librdmacm passes (sizeof its response structs)
    public static final int CREATE_ID_RESP = 4;
    public static final int DESTROY_ID_RESP = 4;
    public static final int QUERY_ROUTE_RESP = 208;
    public static final int QUERY_ADDR_RESP = 280;
    public static final int QUERY_PATH_RESP =
            8 + 72 * 6; // ucma_query_path: room for six ibv_path_data
    public static final int QP_ATTR = 144;
    public static final int EVENT_RESP = 336;

    public static final int PS_IPOIB = 0x0002;
    public static final int PS_TCP = 0x0106;
    public static final int PS_UDP = 0x0111;
    public static final int PS_IB = 0x013F;
    public static final int QPT_RC = 2;
    public static final int QPT_UD = 4;

    public static final int AF_INET = 2;
    static final int AF_INET6 = 10;
    public static final int AF_IB = 27;

    public static final long IB_IP_PS_TCP = 0x0000000001060000L;
    public static final long IB_IP_PS_MASK = 0xFFFFFFFFFFFF0000L;

    /** Where librdmacm's buffers live in the guest, for the pointers it writes. */
    public static final long RESP = 0x7ffc_1000_0000L;

    /** Its id_priv and mc pointers, written as uids. */
    public static final long UID = 0x5555_0000_2000L;

    private LibRdmaCm() {}

    /** A zeroed struct of {@code size} bytes with the header set as CMA_INIT_CMD(_RESP) sets it. */
    static ByteBuffer init(int size, int cmd, int out) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.nativeOrder());
        b.putInt(0, cmd);
        b.putShort(4, (short) (size - 8));
        b.putShort(6, (short) out);
        return b;
    }

    public static byte[] createId(int ps, int qpType) {
        ByteBuffer b = init(32, CREATE_ID, CREATE_ID_RESP);
        b.putLong(8, UID);
        b.putLong(16, RESP);
        b.putShort(24, (short) ps);
        b.put(26, (byte) qpType);
        return b.array();
    }

    /** rdma_create_id(): the QP type follows the port space. */
    public static byte[] createId(int ps) {
        return createId(ps, ps == PS_UDP || ps == PS_IPOIB ? QPT_UD : QPT_RC);
    }

    public static byte[] destroyId(long id) {
        ByteBuffer b = init(24, DESTROY_ID, DESTROY_ID_RESP);
        b.putLong(8, RESP);
        b.putInt(16, (int) id);
        return b.array();
    }

    /** rdma_bind_addr() without AF_IB support: BIND_IP, the address in a sockaddr_in6. */
    public static byte[] bindIp(long id, byte[] addr) {
        ByteBuffer b = init(48, BIND_IP, 0);
        b.put(16, addr, 0, Math.min(addr.length, 28));
        b.putInt(44, (int) id);
        return b.array();
    }

    /** rdma_bind_addr() with AF_IB support (rdma_bind_addr2): BIND. */
    public static byte[] bind(long id, byte[] addr) {
        ByteBuffer b = init(144, BIND, 0);
        b.putInt(8, (int) id);
        b.putShort(12, (short) addr.length);
        b.put(16, addr);
        return b.array();
    }

    /** rdma_resolve_addr() without AF_IB support: RESOLVE_IP; {@code src} may be null. */
    public static byte[] resolveIp(long id, byte[] src, byte[] dst, int timeoutMs) {
        ByteBuffer b = init(72, RESOLVE_IP, 0);
        if (src != null) {
            b.put(8, src);
        }
        b.put(36, dst);
        b.putInt(64, (int) id);
        b.putInt(68, timeoutMs);
        return b.array();
    }

    /** rdma_resolve_addr() with AF_IB support (rdma_resolve_addr2); {@code src} may be null. */
    public static byte[] resolveAddr(long id, byte[] src, byte[] dst, int timeoutMs) {
        ByteBuffer b = init(280, RESOLVE_ADDR, 0);
        b.putInt(8, (int) id);
        b.putInt(12, timeoutMs);
        if (src != null) {
            b.putShort(16, (short) src.length);
            b.put(24, src);
        }
        b.putShort(18, (short) dst.length);
        b.put(152, dst);
        return b.array();
    }

    public static byte[] resolveRoute(long id, int timeoutMs) {
        ByteBuffer b = init(16, RESOLVE_ROUTE, 0);
        b.putInt(8, (int) id);
        b.putInt(12, timeoutMs);
        return b.array();
    }

    /** ucma_query_route(), used without AF_IB support. */
    public static byte[] queryRoute(long id) {
        ByteBuffer b = init(24, QUERY_ROUTE, QUERY_ROUTE_RESP);
        b.putLong(8, RESP);
        b.putInt(16, (int) id);
        return b.array();
    }

    /** ucma_query_addr, _gid (option 0, 2) and _path (option 1), used with AF_IB support. */
    public static byte[] query(long id, int option) {
        int out = option == 1 ? QUERY_PATH_RESP : QUERY_ADDR_RESP;
        ByteBuffer b = init(24, QUERY, out);
        b.putLong(8, RESP);
        b.putInt(16, (int) id);
        b.putInt(20, option);
        return b.array();
    }

    /**
     * rdma_connect() as rping calls it: responder_resources and initiator_depth 1, retry and RNR
     * retry 7 (ucma_copy_conn_param_to_kern sets valid).
     */
    public static byte[] connect(long id, int qpNum, byte[] privateData) {
        ByteBuffer b = init(296, CONNECT, 0);
        connParam(b, 8, qpNum, privateData);
        b.putInt(280, (int) id);
        return b.array();
    }

    /** rdma_accept() of the passive side, with a conn_param as rping's. */
    public static byte[] accept(long id, int qpNum, byte[] privateData) {
        ByteBuffer b = init(304, ACCEPT, 0);
        b.putLong(8, UID);
        connParam(b, 16, qpNum, privateData);
        b.putInt(288, (int) id);
        return b.array();
    }

    /** ucma_process_conn_resp(): the active side's ACCEPT once it is connected, valid 0. */
    public static byte[] acceptConnResp(long id) {
        ByteBuffer b = init(304, ACCEPT, 0);
        b.putInt(288, (int) id);
        return b.array();
    }

    private static void connParam(ByteBuffer b, int at, int qpNum, byte[] privateData) {
        b.putInt(at, qpNum);
        b.put(at + 8, privateData);
        b.put(at + 264, (byte) privateData.length);
        b.put(at + 266, (byte) 1); // responder_resources
        b.put(at + 267, (byte) 1); // initiator_depth
        b.put(at + 269, (byte) 7); // retry_count
        b.put(at + 270, (byte) 7); // rnr_retry_count
        b.put(at + 271, (byte) 1); // valid
    }

    public static byte[] listen(long id, int backlog) {
        ByteBuffer b = init(16, LISTEN, 0);
        b.putInt(8, (int) id);
        b.putInt(12, backlog);
        return b.array();
    }

    /** reject_with_reason(): reason 0 (rdma_reject) or 35 (rdma_reject_ece). */
    public static byte[] reject(long id, byte[] privateData, int reason) {
        ByteBuffer b = init(272, REJECT, 0);
        b.putInt(8, (int) id);
        b.put(12, (byte) privateData.length);
        b.put(13, (byte) reason);
        b.put(16, privateData);
        return b.array();
    }

    public static byte[] disconnect(long id) {
        ByteBuffer b = init(12, DISCONNECT, 0);
        b.putInt(8, (int) id);
        return b.array();
    }

    public static byte[] initQpAttr(long id, int qpState) {
        ByteBuffer b = init(24, INIT_QP_ATTR, QP_ATTR);
        b.putLong(8, RESP);
        b.putInt(16, (int) id);
        b.putInt(20, qpState);
        return b.array();
    }

    public static byte[] getEvent() {
        ByteBuffer b = init(16, GET_EVENT, EVENT_RESP);
        b.putLong(8, RESP);
        return b.array();
    }

    public static byte[] setOption(long id, int level, int optname, long optval, int optlen) {
        ByteBuffer b = init(32, SET_OPTION, 0);
        b.putLong(8, optval);
        b.putInt(16, (int) id);
        b.putInt(20, level);
        b.putInt(24, optname);
        b.putInt(28, optlen);
        return b.array();
    }

    public static byte[] notifyCm(long id, int event) {
        ByteBuffer b = init(16, NOTIFY, 0);
        b.putInt(8, (int) id);
        b.putInt(12, event);
        return b.array();
    }

    /** rdma_join_multicast() without AF_IB support. */
    public static byte[] joinIpMcast(long id, byte[] addr) {
        ByteBuffer b = init(56, JOIN_IP_MCAST, CREATE_ID_RESP);
        b.putLong(8, RESP);
        b.putLong(16, UID);
        b.put(24, addr, 0, Math.min(addr.length, 28));
        b.putInt(52, (int) id);
        return b.array();
    }

    /** rdma_join_multicast() with AF_IB support. */
    public static byte[] joinMcast(long id, byte[] addr, int joinFlags) {
        ByteBuffer b = init(160, JOIN_MCAST, CREATE_ID_RESP);
        b.putLong(8, RESP);
        b.putLong(16, UID);
        b.putInt(24, (int) id);
        b.putShort(28, (short) addr.length);
        b.putShort(30, (short) joinFlags);
        b.put(32, addr);
        return b.array();
    }

    /** rdma_leave_multicast(): a destroy_id struct naming the multicast id. */
    public static byte[] leaveMcast(long mcId) {
        ByteBuffer b = init(24, LEAVE_MCAST, DESTROY_ID_RESP);
        b.putLong(8, RESP);
        b.putInt(16, (int) mcId);
        return b.array();
    }

    /** rdma_migrate_id(): written to the new channel's file, naming the old channel's fd. */
    public static byte[] migrateId(long id, int fd) {
        ByteBuffer b = init(24, MIGRATE_ID, 4);
        b.putLong(8, RESP);
        b.putInt(16, (int) id);
        b.putInt(20, fd);
        return b.array();
    }

    // ---- socket addresses ----

    public static byte[] sin(String ip, int port) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
        b.putShort(0, (short) AF_INET);
        b.order(ByteOrder.BIG_ENDIAN).putShort(2, (short) port);
        b.put(4, inet(ip));
        return b.array();
    }

    public static byte[] sin6(String ip, int port) {
        ByteBuffer b = ByteBuffer.allocate(28).order(ByteOrder.nativeOrder());
        b.putShort(0, (short) AF_INET6);
        b.order(ByteOrder.BIG_ENDIAN).putShort(2, (short) port);
        b.put(8, GidEntry.parse(ip));
        return b.array();
    }

    /** A sockaddr_ib: family, GID, service id and mask (big-endian). */
    public static byte[] sib(String gid, long sid, long sidMask) {
        ByteBuffer b = ByteBuffer.allocate(48).order(ByteOrder.nativeOrder());
        b.putShort(0, (short) AF_IB);
        b.put(8, GidEntry.parse(gid));
        b.order(ByteOrder.BIG_ENDIAN).putLong(24, sid);
        b.putLong(32, sidMask);
        return b.array();
    }

    /** A socket address of another family, as many bytes as an AF_INET one. */
    public static byte[] family(int family) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
        b.putShort(0, (short) family);
        return b.array();
    }

    private static byte[] inet(String ip) {
        try {
            return InetAddress.getByName(ip).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    // ---- what the kernel writes back ----

    /** An rdma_ucm_create_id_resp (also JOIN's): the new id. */
    public static byte[] idResp(long id) {
        return ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0, (int) id).array();
    }

    /** An rdma_ucm_event_resp: uid, id, event, status. */
    public static byte[] eventResp(long uid, long id, int event, int length) {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.nativeOrder());
        b.putLong(0, uid);
        b.putInt(8, (int) id);
        b.putInt(12, event);
        return b.array();
    }
}
