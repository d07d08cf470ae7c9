package dev.sluice.rdmaproxy.rdmacm;

import static dev.sluice.rdmaproxy.rdmacm.LibRdmaCm.*;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.abi.RdmaCmKernel;
import dev.sluice.rdmaproxy.net.GidEntry;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Direction;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Effect;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestFd;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestPointer;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Refuse;
import dev.sluice.sentry.nativeio.Errno;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The rdma_cm policy on the writes librdmacm makes for rping and {@code ib_send_lat -R}, and on
 * hostile ones. A kernel is simulated only where the policy needs its answer: the ids CREATE_ID,
 * JOIN and GET_EVENT hand back.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RdmaCmPolicyTest {

    static final String ROCE_V4_GID = "::ffff:10.0.2.15";
    static final String LINK_LOCAL_GID = "fe80::5054:ff:fe12:3456";
    static final String IB_GID = "fe80::e41d:2d03:60:1001";
    static final String REMOTE_IB_GID = "fe80::e41d:2d03:60:2002";

    static final RdmaCmSandbox SANDBOX =
            new RdmaCmSandbox(
                    new LinkedHashSet<>(List.of(ip("10.0.2.15"), ip("fd00::2"))),
                    new LinkedHashSet<>(List.of(ROCE_V4_GID, LINK_LOCAL_GID, "fd00::2", IB_GID)),
                    false);

    private static InetAddress ip(String s) {
        try {
            return InetAddress.getByName(s);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    // ---- harness ----

    private static Execute exec(RdmaCmPolicy p, byte[] w, String what) {
        RdmaCmDecision d = p.decide(w);
        return assertInstanceOf(Execute.class, d, what + " is executed, not " + d);
    }

    /** Decides, then tells the policy the kernel ran it and answered {@code response}. */
    private static Execute run(RdmaCmPolicy p, byte[] w, byte[] response, String what) {
        Execute e = exec(p, w, what);
        p.executed(e, response);
        return e;
    }

    private static Execute run(RdmaCmPolicy p, byte[] w, String what) {
        return run(p, w, new byte[0], what);
    }

    private static long newId(RdmaCmPolicy p, int ps, long id) {
        run(p, createId(ps), idResp(id), "CREATE_ID");
        assertTrue(p.owns(id), "CREATE_ID's response id " + id + " is the file's");
        return id;
    }

    private static Refuse refused(RdmaCmPolicy p, byte[] w, int errno, String fragment) {
        RdmaCmDecision d = p.decide(w);
        Refuse r = assertInstanceOf(Refuse.class, d, "refused (" + fragment + "), not " + d);
        assertEquals(
                errno,
                r.errno(),
                "errno " + Errno.describe(errno) + " for \"" + fragment + "\": " + r.reason());
        assertTrue(
                r.reason().contains(fragment), "the line says \"" + fragment + "\": " + r.reason());
        return r;
    }

    private static Execute event(RdmaCmPolicy p, long id, int event) {
        Execute e = exec(p, getEvent(), "GET_EVENT");
        assertTrue(e.mayBlock(), "GET_EVENT may block: the executor runs it where it can");
        assertEquals(Effect.EVENT, e.effect(), "GET_EVENT records the event");
        p.executed(e, eventResp(UID, id, event, EVENT_RESP));
        return e;
    }

    private static void assertResponse(Execute e, int offset, int length, boolean whole) {
        GuestPointer r = e.response();
        String what = e.command().name();
        assertTrue(r != null, what + " has a response pointer");
        assertEquals(offset, r.offset(), what + ": response's u64 in the written bytes");
        assertEquals(RESP, r.address(), what + ": the guest's buffer");
        assertEquals(length, r.length(), what + ": bytes the kernel writes");
        assertEquals(Direction.OUT, r.direction(), what + ": the kernel writes it");
        assertEquals(whole, r.whole(), what + ": whether the kernel writes all of it");
        assertFalse(r.vet(), what + ": an output is not vetted");
    }

    // ---- flows, as librdmacm writes them ----

    @Test
    void librdmacmsAfIbProbeIsAllowed() {
        // ucma_init -> ucma_set_af_ib_support: an RDMA_PS_IB id bound to the AF_IB wildcard.
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        Execute create = run(p, createId(PS_IB), idResp(0), "CREATE_ID");
        assertResponse(create, 16, 4, true);
        assertEquals(Effect.CREATED_ID, create.effect(), "the new id is recorded");
        Execute bind = run(p, bind(0, sib("::", IB_IP_PS_TCP, IB_IP_PS_MASK)), "BIND AF_IB any");
        assertEquals(Effect.NONE, bind.effect(), "a wildcard bind pins nothing");
        assertResponse(run(p, query(0, 0), "QUERY ADDR"), 8, QUERY_ADDR_RESP, true);
        assertResponse(run(p, query(0, 2), "QUERY GID"), 8, QUERY_ADDR_RESP, true);
        Execute destroy = exec(p, destroyId(0), "DESTROY_ID");
        assertFalse(p.owns(0), "DESTROY_ID forgets the id when decided");
        assertResponse(destroy, 8, 4, true);
        assertEquals(Set.of(), p.ids(), "nothing left");
    }

    @Test
    void rpingServerWithAfIbSupport() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        long listen = newId(p, PS_TCP, 1);
        run(p, bind(listen, sin("10.0.2.15", 7174)), "BIND 10.0.2.15:7174");
        run(p, query(listen, 0), "QUERY ADDR");
        run(p, query(listen, 2), "QUERY GID");
        Execute l = run(p, listen(listen, 3), "LISTEN 3");
        assertArrayEquals(listen(listen, 3), l.bytes(), "a backlog of 3 is written unchanged");
        run(p, query(listen, 0), "QUERY ADDR");

        Execute req = event(p, 2, RdmaCmKernel.RDMA_CM_EVENT_CONNECT_REQUEST);
        assertResponse(req, 8, EVENT_RESP, true);
        assertTrue(p.owns(2), "a connect request's new id is the file's");

        run(p, query(2, 0), "QUERY ADDR of the new id");
        run(p, query(2, 2), "QUERY GID of the new id");
        Execute path = run(p, query(2, 1), "QUERY PATH of the new id");
        assertResponse(path, 8, QUERY_PATH_RESP, false);
        for (int state = 1; state <= 3; state++) {
            assertResponse(run(p, initQpAttr(2, state), "INIT_QP_ATTR " + state), 8, QP_ATTR, true);
        }
        run(p, accept(2, 0x12, new byte[0]), "ACCEPT");
        event(p, 2, RdmaCmKernel.RDMA_CM_EVENT_ESTABLISHED);
        event(p, 2, RdmaCmKernel.RDMA_CM_EVENT_DISCONNECTED);
        run(p, disconnect(2), "DISCONNECT");
        run(p, destroyId(2), idResp(0), "DESTROY_ID child");
        run(p, destroyId(listen), idResp(3), "DESTROY_ID listener");
        assertEquals(Set.of(), p.ids(), "every id destroyed");
    }

    @Test
    void rpingClientWithoutAfIbSupport() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        long id = newId(p, PS_TCP, 1);
        run(p, resolveIp(id, null, sin("10.0.2.2", 7174), 2000), "RESOLVE_IP, no source");
        event(p, id, RdmaCmKernel.RDMA_CM_EVENT_ADDR_RESOLVED);
        assertResponse(run(p, queryRoute(id), "QUERY_ROUTE"), 8, QUERY_ROUTE_RESP, true);
        run(p, resolveRoute(id, 2000), "RESOLVE_ROUTE");
        event(p, id, RdmaCmKernel.RDMA_CM_EVENT_ROUTE_RESOLVED);
        run(p, queryRoute(id), "QUERY_ROUTE");
        run(p, initQpAttr(id, 1), "INIT_QP_ATTR INIT");
        run(p, connect(id, 0x11, new byte[0]), "CONNECT");
        event(p, id, RdmaCmKernel.RDMA_CM_EVENT_CONNECT_RESPONSE);
        run(p, initQpAttr(id, 2), "INIT_QP_ATTR RTR");
        run(p, initQpAttr(id, 3), "INIT_QP_ATTR RTS");
        run(p, acceptConnResp(id), "ACCEPT with valid 0 (ucma_process_conn_resp)");
        event(p, id, RdmaCmKernel.RDMA_CM_EVENT_ESTABLISHED);
        run(p, disconnect(id), "DISCONNECT");
        run(p, destroyId(id), "DESTROY_ID");
        assertFalse(p.owns(id), "gone");
    }

    @Test
    void ibSendLatClientWithSourceAndTos() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        long id = newId(p, PS_TCP, 4);
        Execute tos = run(p, setOption(id, 0, 0, RESP, 1), "SET_OPTION TOS");
        GuestPointer optval = tos.pointers().get(0);
        assertEquals("optval", optval.field(), "the option's value is behind optval");
        assertEquals(8, optval.offset(), "optval is the first field after the header");
        assertEquals(1, optval.length(), "TOS is one byte");
        assertEquals(Direction.IN, optval.direction(), "the kernel reads optval");
        assertFalse(optval.vet(), "a TOS byte needs no vetting");
        assertNull(tos.response(), "SET_OPTION writes nothing back");
        run(
                p,
                resolveAddr(id, sin("10.0.2.15", 0), sin("10.0.2.2", 18515), 2000),
                "RESOLVE_ADDR from the sandbox's address");
        run(p, resolveRoute(id, 2000), "RESOLVE_ROUTE");
        run(p, connect(id, 0x20, new byte[] {1, 2, 3, 4}), "CONNECT with 4 bytes of data");
        run(p, disconnect(id), "DISCONNECT");
    }

    @Test
    void ibSendLatServerOnTheWildcardAndARejection() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        long id = newId(p, PS_TCP, 1);
        run(p, setOption(id, 0, 1, RESP, 4), "SET_OPTION REUSEADDR");
        run(p, bind(id, sin("0.0.0.0", 18515)), "BIND the wildcard");
        run(p, listen(id, 1), "LISTEN 1");
        event(p, 2, RdmaCmKernel.RDMA_CM_EVENT_CONNECT_REQUEST);
        event(p, 3, RdmaCmKernel.RDMA_CM_EVENT_CONNECT_REQUEST);
        run(p, accept(2, 0x30, new byte[0]), "ACCEPT the first");
        run(p, reject(3, new byte[] {9}, 0), "REJECT the second");
        run(p, destroyId(3), "DESTROY_ID the rejected");
        assertEquals(Set.of(1L, 2L), p.ids(), "listener and accepted connection remain");
    }

    @Test
    void ipv6SourcesAndMappedAddresses() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        long id = newId(p, PS_TCP, 1);
        run(p, bindIp(id, sin6("fd00::2", 0)), "BIND_IP fd00::2");
        long id2 = newId(p, PS_TCP, 2);
        run(p, bind(id2, sin6("::ffff:10.0.2.15", 0)), "BIND ::ffff:10.0.2.15, the v4 address");
        long id3 = newId(p, PS_TCP, 3);
        run(p, bindIp(id3, sin6("::", 7000)), "BIND_IP the IPv6 wildcard");
        refused(
                p,
                bindIp(newId(p, PS_TCP, 4), sin6("fe80::1", 0)),
                Errno.EINVAL,
                "source address fe80::1 is not one of the sandbox's (");
    }

    @Test
    void multicastJoinAndLeave() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        long id = newId(p, PS_UDP, 1);
        run(p, bind(id, sin("10.0.2.15", 0)), "BIND");
        run(
                p,
                resolveAddr(id, sin("10.0.2.15", 0), sin("239.1.1.1", 0), 2000),
                "RESOLVE_ADDR to the group");
        Execute join = run(p, joinMcast(id, sin("239.1.1.1", 0), 0), idResp(40), "JOIN_MCAST");
        assertResponse(join, 8, 4, true);
        assertTrue(p.ownsMulticast(40), "JOIN's response id is the file's multicast id");
        assertFalse(p.owns(40), "a multicast id is not a context id");
        run(p, joinIpMcast(id, sin6("ff0e::1", 0)), idResp(41), "JOIN_IP_MCAST");
        event(p, 40, RdmaCmKernel.RDMA_CM_EVENT_MULTICAST_JOIN);
        assertFalse(p.owns(40), "a multicast event's id is not a new context id");
        Execute leave = exec(p, leaveMcast(40), "LEAVE_MCAST");
        assertFalse(p.ownsMulticast(40), "LEAVE_MCAST forgets it when decided");
        assertResponse(leave, 8, 4, true);
        exec(p, destroyId(id), "DESTROY_ID");
        assertFalse(p.ownsMulticast(41), "a destroyed id takes its multicast ids along");
    }

    @Test
    void syncListenerMigratesItsNewIdToAnotherFile() {
        // ucma_process_conn_req of a synchronous listener: rdma_migrate_id(id, NULL) opens a new
        // channel and writes MIGRATE_ID there naming the listener's channel fd.
        RdmaCmPolicy listener = new RdmaCmPolicy(SANDBOX);
        RdmaCmPolicy channel = new RdmaCmPolicy(SANDBOX);
        newId(listener, PS_TCP, 1);
        event(listener, 2, RdmaCmKernel.RDMA_CM_EVENT_CONNECT_REQUEST);
        byte[] w = migrateId(2, 5);
        refused(channel, w, Errno.EINVAL, "decided only with that file's policy (decideMigrate)");
        RdmaCmCommand c = (RdmaCmCommand) RdmaCmCommand.parse(w);
        refused(channel, c, null, "guest fd 5 is not an rdma_cm file of this sandbox");
        RdmaCmDecision d = channel.decideMigrate(c, listener);
        Execute e = assertInstanceOf(Execute.class, d, "the listener's id may move: " + d);
        assertEquals(
                List.of(new GuestFd("fd", 20, 5)), e.fds(), "fd is replaced by the executor's");
        assertResponse(e, 8, 4, true);
        assertSame(listener, e.from(), "the decision names the file the id leaves");
        channel.executed(e, idResp(0));
        assertFalse(listener.owns(2), "the id left the listener's file");
        assertTrue(channel.owns(2), "and is the new channel's");
        run(channel, query(2, 0), "QUERY on the new channel");
        refused(listener, query(2, 0), Errno.EINVAL, "id 2 is not one of this file's");
        refused(
                channel,
                c,
                listener,
                "id 2 is not one of the ids of the rdma_cm file at guest fd 5");
    }

    private static void refused(RdmaCmPolicy p, RdmaCmCommand c, RdmaCmPolicy src, String frag) {
        Refuse r = assertInstanceOf(Refuse.class, p.decideMigrate(c, src), frag);
        assertEquals(Errno.EINVAL, r.errno(), frag);
        assertTrue(r.reason().contains(frag), "the line says \"" + frag + "\": " + r.reason());
    }

    // ---- hostile writes ----

    /** A write refused on a file holding ids 1 (RC), 5 (UD) and multicast id 40 of id 5. */
    record Hostile(String what, byte[] written, int errno, String fragment) {
        @Override
        public String toString() {
            return what;
        }
    }

    private static RdmaCmPolicy holding() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_TCP, 1);
        newId(p, PS_UDP, 5);
        run(p, joinMcast(5, sin("239.1.1.1", 0), 0), idResp(40), "JOIN_MCAST");
        return p;
    }

    private static byte[] set(byte[] w, int off, long value, int width) {
        byte[] c = w.clone();
        ByteBuffer b = ByteBuffer.wrap(c).order(ByteOrder.nativeOrder());
        switch (width) {
            case 1 -> b.put(off, (byte) value);
            case 2 -> b.putShort(off, (short) value);
            case 4 -> b.putInt(off, (int) value);
            case 8 -> b.putLong(off, value);
            default -> throw new IllegalArgumentException();
        }
        return c;
    }

    static List<Hostile> hostile() {
        byte[] dst = sin("10.0.2.2", 7174);
        List<Hostile> h = new ArrayList<>();
        // ids and contexts of another file
        h.add(
                new Hostile(
                        "CONNECT on another file's id",
                        connect(7, 1, new byte[0]),
                        Errno.EINVAL,
                        "rdma_cm: RDMA_USER_CM_CMD_CONNECT: id 7 is not one of this file's"));
        h.add(
                new Hostile(
                        "DESTROY_ID of an unknown id",
                        destroyId(99),
                        Errno.EINVAL,
                        "id 99 is not one of this file's"));
        h.add(
                new Hostile(
                        "QUERY of another file's id",
                        query(7, 0),
                        Errno.EINVAL,
                        "id 7 is not one of this file's"));
        h.add(
                new Hostile(
                        "LEAVE_MCAST of a context id",
                        leaveMcast(1),
                        Errno.EINVAL,
                        "multicast id 1 is not one of this file's"));
        h.add(
                new Hostile(
                        "JOIN on another file's id",
                        joinMcast(7, sin("239.1.1.1", 0), 0),
                        Errno.EINVAL,
                        "id 7 is not one of this file's"));
        h.add(
                new Hostile(
                        "MIGRATE_ID without the source file",
                        migrateId(7, 3),
                        Errno.EINVAL,
                        "among the executor's own files"));
        // addresses
        h.add(
                new Hostile(
                        "BIND_IP from a foreign address",
                        bindIp(1, sin("10.0.0.9", 0)),
                        Errno.EINVAL,
                        "rdma_cm: RDMA_USER_CM_CMD_BIND_IP: source address 10.0.0.9 is not"
                                + " one of the sandbox's (10.0.2.15, fd00::2) or the wildcard"));
        h.add(
                new Hostile(
                        "BIND from a foreign address",
                        bind(1, sin("192.168.1.1", 5000)),
                        Errno.EINVAL,
                        "source address 192.168.1.1 is not one of the sandbox's"));
        h.add(
                new Hostile(
                        "RESOLVE_IP from a foreign source",
                        resolveIp(1, sin("10.0.0.9", 0), dst, 2000),
                        Errno.EINVAL,
                        "source address 10.0.0.9"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR from a foreign source",
                        resolveAddr(1, sin6("2001:db8::1", 0), sin6("2001:db8::2", 1), 2000),
                        Errno.EINVAL,
                        "source address 2001:db8::1 is not one of the sandbox's"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR from loopback",
                        resolveAddr(1, sin("127.0.0.1", 0), dst, 2000),
                        Errno.EINVAL,
                        "source address 127.0.0.1"));
        h.add(
                new Hostile(
                        "BIND to a foreign GID",
                        bind(1, sib(REMOTE_IB_GID, 0, 0)),
                        Errno.EINVAL,
                        "source GID " + REMOTE_IB_GID + " is not one of the sandbox's GIDs"));
        h.add(
                new Hostile(
                        "BIND to a privileged port",
                        bind(1, sin("10.0.2.15", 80)),
                        Errno.EACCES,
                        "source port 80 is below 1024"));
        h.add(
                new Hostile(
                        "BIND_IP to a privileged port on the wildcard",
                        bindIp(1, sin("0.0.0.0", 443)),
                        Errno.EACCES,
                        "source port 443"));
        h.add(
                new Hostile(
                        "BIND AF_IB to a privileged service id port",
                        bind(1, sib(IB_GID, IB_IP_PS_TCP | 22, -1L)),
                        Errno.EACCES,
                        "source port 22 is below 1024"));
        h.add(
                new Hostile(
                        "BIND of AF_UNIX",
                        bind(1, family(1)),
                        Errno.EINVAL,
                        "source address family 1 is not AF_INET, AF_INET6 or AF_IB"));
        h.add(
                new Hostile(
                        "BIND_IP of AF_IB, which does not fit",
                        bindIp(1, sib(IB_GID, 0, 0)),
                        Errno.EINVAL,
                        "source address family AF_IB is not AF_INET or AF_INET6"));
        h.add(
                new Hostile(
                        "BIND with addr_size of another family",
                        set(bind(1, sin("10.0.2.15", 0)), 12, 28, 2),
                        Errno.EINVAL,
                        "addr_size = 28 but an AF_INET address is 16 bytes"));
        h.add(
                new Hostile(
                        "BIND with reserved set",
                        set(bind(1, sin("10.0.2.15", 0)), 14, 1, 2),
                        Errno.EINVAL,
                        "reserved is not zero"));
        h.add(
                new Hostile(
                        "RESOLVE_IP to the wildcard",
                        resolveIp(1, null, sin("0.0.0.0", 1), 2000),
                        Errno.EINVAL,
                        "destination is the wildcard (0.0.0.0)"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR to the IPv6 wildcard",
                        resolveAddr(1, null, sin6("::", 1), 2000),
                        Errno.EINVAL,
                        "destination is the wildcard (::)"));
        h.add(
                new Hostile(
                        "RESOLVE_IP to AF_PACKET",
                        resolveIp(1, null, family(17), 2000),
                        Errno.EINVAL,
                        "destination address family 17 is not AF_INET or AF_INET6"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR with src_size 0 and a source",
                        set(resolveAddr(1, sin("10.0.0.9", 0), dst, 2000), 16, 0, 2),
                        Errno.EINVAL,
                        "src_size is 0 but src_addr has family AF_INET, which the kernel would bind to"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR with dst_size of another family",
                        set(resolveAddr(1, null, dst, 2000), 18, 48, 2),
                        Errno.EINVAL,
                        "dst_size = 48 but an AF_INET address is 16 bytes"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR to an AF_IB GID with no pinned source",
                        resolveAddr(1, null, sib(REMOTE_IB_GID, IB_IP_PS_TCP | 7471, -1L), 2000),
                        Errno.EINVAL,
                        "AF_IB destination GID " + REMOTE_IB_GID + " needs the id bound"));
        h.add(
                new Hostile(
                        "RESOLVE_ADDR to an AF_IB GID from the AF_IB wildcard",
                        resolveAddr(1, sib("::", 0, 0), sib(REMOTE_IB_GID, 0, 0), 2000),
                        Errno.EINVAL,
                        "AF_IB destination"));
        h.add(
                new Hostile(
                        "JOIN_IP_MCAST of a unicast group",
                        joinIpMcast(5, sin("10.0.2.2", 0)),
                        Errno.EINVAL,
                        "group 10.0.2.2 is not a multicast address"));
        h.add(
                new Hostile(
                        "JOIN_MCAST of the wildcard (an SA-made group)",
                        joinMcast(5, sin6("::", 0), 0),
                        Errno.EINVAL,
                        "group :: is not a multicast"));
        h.add(
                new Hostile(
                        "JOIN_MCAST with flags 2",
                        joinMcast(5, sin("239.1.1.1", 0), 2),
                        Errno.EINVAL,
                        "join_flags 2 is not"));
        h.add(
                new Hostile(
                        "JOIN_MCAST of AF_UNIX",
                        joinMcast(5, family(1), 0),
                        Errno.EINVAL,
                        "group address family 1"));
        // ids
        h.add(
                new Hostile(
                        "CREATE_ID of an unknown port space",
                        createId(0x0200, 2),
                        Errno.EINVAL,
                        "port space 0x200 is not"));
        h.add(
                new Hostile(
                        "CREATE_ID of an RDMA_PS_IB GSI id",
                        createId(PS_IB, 1),
                        Errno.EINVAL,
                        "qp_type 1 of an RDMA_PS_IB id is not RC, UC, UD, XRC_INI or XRC_TGT"));
        h.add(
                new Hostile(
                        "CREATE_ID of a raw packet id",
                        createId(PS_IB, 8),
                        Errno.EINVAL,
                        "qp_type 8"));
        h.add(
                new Hostile(
                        "CREATE_ID with reserved set",
                        set(createId(PS_TCP), 30, 1, 1),
                        Errno.EINVAL,
                        "reserved bytes are not zero"));
        h.add(
                new Hostile(
                        "DESTROY_ID with reserved set",
                        set(destroyId(1), 20, 1, 4),
                        Errno.EINVAL,
                        "reserved is not zero"));
        // private data and connection parameters
        h.add(
                new Hostile(
                        "CONNECT with 93 bytes of private data on RC",
                        connect(1, 1, new byte[93]),
                        Errno.EINVAL,
                        "private_data_len 93 is above the 92 bytes an IB CM REQ carries"));
        h.add(
                new Hostile(
                        "CONNECT with 217 bytes of private data on UD",
                        connect(5, 1, new byte[217]),
                        Errno.EINVAL,
                        "private_data_len 217 is above the 216 bytes"));
        h.add(
                new Hostile(
                        "CONNECT without valid",
                        set(connect(1, 1, new byte[0]), 8 + 271, 0, 1),
                        Errno.EINVAL,
                        "conn_param.valid is 0"));
        h.add(
                new Hostile(
                        "CONNECT with a controlled Q_Key",
                        set(connect(5, 1, new byte[0]), 8 + 4, 0x80010000L, 4),
                        Errno.EINVAL,
                        "qkey 0x80010000 is a controlled Q_Key"));
        h.add(
                new Hostile(
                        "CONNECT with reserved set",
                        set(connect(1, 1, new byte[0]), 284, 1, 4),
                        Errno.EINVAL,
                        "reserved is not zero"));
        h.add(
                new Hostile(
                        "ACCEPT with 197 bytes of private data",
                        accept(1, 1, new byte[197]),
                        Errno.EINVAL,
                        "private_data_len 197 is above the 196 bytes an IB CM REP carries"));
        h.add(
                new Hostile(
                        "ACCEPT on UD with 137 bytes",
                        accept(5, 1, new byte[137]),
                        Errno.EINVAL,
                        "above the 136 bytes"));
        h.add(
                new Hostile(
                        "REJECT with 149 bytes of private data",
                        reject(1, new byte[149], 0),
                        Errno.EINVAL,
                        "private_data_len 149 is above the 148 bytes an IB CM REJ carries"));
        h.add(
                new Hostile(
                        "REJECT with 255 bytes of private data",
                        reject(1, new byte[255], 0),
                        Errno.EINVAL,
                        "private_data_len 255"));
        h.add(
                new Hostile(
                        "REJECT with reason 7",
                        reject(1, new byte[0], 7),
                        Errno.EINVAL,
                        "reason 7 is not 0, IB_CM_REJ_CONSUMER_DEFINED (28)"));
        // other fields
        h.add(
                new Hostile(
                        "INIT_QP_ATTR of state 7",
                        initQpAttr(1, 7),
                        Errno.EINVAL,
                        "qp_state 7 is above IB_QPS_ERR (6)"));
        h.add(
                new Hostile(
                        "NOTIFY of a CQ error",
                        notifyCm(1, 0),
                        Errno.EINVAL,
                        "event 0 is not IB_EVENT_COMM_EST (4) or IB_EVENT_PATH_MIG (6)"));
        h.add(
                new Hostile(
                        "QUERY option 3",
                        query(1, 3),
                        Errno.ENOSYS,
                        "option 3 is not RDMA_USER_CM_QUERY_ADDR, _PATH or _GID"));
        h.add(
                new Hostile(
                        "SET_OPTION of an unknown name",
                        setOption(1, 0, 9, RESP, 4),
                        Errno.ENOSYS,
                        "level 0 optname 9 is not one of"));
        h.add(
                new Hostile(
                        "SET_OPTION of an unknown level",
                        setOption(1, 2, 1, RESP, 72),
                        Errno.ENOSYS,
                        "level 2 optname 1"));
        h.add(
                new Hostile(
                        "SET_OPTION TOS of 4 bytes",
                        setOption(1, 0, 0, RESP, 4),
                        Errno.EINVAL,
                        "RDMA_OPTION_ID_TOS: optlen 4 is not 1 bytes"));
        h.add(
                new Hostile(
                        "SET_OPTION AFONLY of 1 byte",
                        setOption(1, 0, 2, RESP, 1),
                        Errno.EINVAL,
                        "RDMA_OPTION_ID_AFONLY: optlen 1 is not 4 bytes"));
        h.add(
                new Hostile(
                        "SET_OPTION ACK_TIMEOUT of 8 bytes",
                        setOption(1, 0, 3, RESP, 8),
                        Errno.EINVAL,
                        "RDMA_OPTION_ID_ACK_TIMEOUT: optlen 8"));
        h.add(
                new Hostile(
                        "SET_OPTION IB_PATH of part of a record",
                        setOption(1, 1, 1, RESP, 50),
                        Errno.EINVAL,
                        "RDMA_OPTION_IB_PATH: optlen 50 is not 1 to 16 records"));
        h.add(
                new Hostile(
                        "SET_OPTION IB_PATH of 17 records",
                        setOption(1, 1, 1, RESP, 17 * 72),
                        Errno.EINVAL,
                        "optlen 1224"));
        h.add(
                new Hostile(
                        "SET_OPTION IB_PATH of 2^32-72 bytes",
                        setOption(1, 1, 1, RESP, -72),
                        Errno.EINVAL,
                        "optlen 4294967224"));
        h.add(
                new Hostile(
                        "SET_OPTION with a NULL optval",
                        setOption(1, 0, 1, 0, 4),
                        Errno.EFAULT,
                        "RDMA_OPTION_ID_REUSEADDR: optval is NULL"));
        return h;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void hostileWritesAreRefusedWithALine(Hostile h) {
        RdmaCmPolicy p = holding();
        Set<Long> before = p.ids();
        Refuse r = refused(p, h.written(), h.errno(), h.fragment());
        assertTrue(
                r.reason().startsWith("rdma_cm: RDMA_USER_CM_CMD_"),
                "the line names the command: " + r.reason());
        assertFalse(r.reason().contains("\n"), "one line: " + r.reason());
        assertEquals(before, p.ids(), h.what() + " changes nothing the policy holds");
    }

    @Test
    void idsOfAnotherFileAreRefusedThere() {
        RdmaCmPolicy a = new RdmaCmPolicy(SANDBOX);
        RdmaCmPolicy b = new RdmaCmPolicy(SANDBOX);
        newId(a, PS_TCP, 1);
        newId(b, PS_TCP, 2);
        for (byte[] w :
                List.of(
                        destroyId(1),
                        bind(1, sin("10.0.2.15", 0)),
                        listen(1, 3),
                        resolveRoute(1, 10),
                        disconnect(1),
                        initQpAttr(1, 1),
                        setOption(1, 0, 0, RESP, 1),
                        notifyCm(1, 4),
                        queryRoute(1))) {
            refused(b, w, Errno.EINVAL, "id 1 is not one of this file's");
        }
        assertTrue(a.owns(1), "file a keeps its id");
    }

    // ---- single rules ----

    @Test
    void listenBacklogIsBoundedByUcmasDefault() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_TCP, 1);
        for (int asked : new int[] {4096, 0, -1}) {
            Execute e = exec(p, listen(1, asked), "LISTEN " + asked);
            assertArrayEquals(
                    listen(1, 1024), e.bytes(), "backlog " + asked + " is written as 1024");
            assertTrue(e.detail().contains("set to 1024"), "the decision says so: " + e.detail());
        }
        Execute e = exec(p, listen(1, 1024), "LISTEN 1024");
        assertArrayEquals(listen(1, 1024), e.bytes(), "1024 stays");
        assertEquals("", e.detail(), "nothing to say");
    }

    @Test
    void afIbSourcesPinTheDeviceAndTheWildcardCannotListen() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_IB, 1);
        Execute bound = run(p, bind(1, sib(IB_GID, IB_IP_PS_TCP | 7471, -1L)), "BIND IB_GID");
        assertEquals(Effect.BOUND, bound.effect(), "a bind to a sandbox GID pins the id");
        run(
                p,
                resolveAddr(1, null, sib(REMOTE_IB_GID, IB_IP_PS_TCP | 7471, -1L), 2000),
                "AF_IB destination from the bound GID");
        run(p, listen(1, 8), "LISTEN on a sandbox GID");

        newId(p, PS_IB, 2);
        run(
                p,
                resolveAddr(
                        2, sib(IB_GID, 0, 0), sib(REMOTE_IB_GID, IB_IP_PS_TCP | 7471, -1L), 2000),
                "AF_IB destination with the source given");

        newId(p, PS_IB, 3);
        run(p, bind(3, sib("::", IB_IP_PS_TCP, IB_IP_PS_MASK)), "BIND the AF_IB wildcard");
        refused(p, listen(3, 8), Errno.EINVAL, "the id is bound to the AF_IB wildcard");
        refused(
                p,
                resolveAddr(3, sib(IB_GID, 0, 0), sib(REMOTE_IB_GID, 0, 0), 2000),
                Errno.EINVAL,
                "needs the id bound to one of the sandbox's GIDs");
    }

    @Test
    void aMaskedServiceIdLeavesThePortToTheKernel() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_IB, 1);
        // Port bits 22 under a mask without them: cma_port() gives 0, an ephemeral port.
        run(p, bind(1, sib(IB_GID, IB_IP_PS_TCP | 22, IB_IP_PS_MASK)), "BIND masked port");
    }

    @Test
    void privilegedPortsWhereTheSandboxMayBindThem() {
        RdmaCmSandbox root =
                new RdmaCmSandbox(SANDBOX.addresses(), SANDBOX.gids(), /* privilegedPorts */ true);
        RdmaCmPolicy p = new RdmaCmPolicy(root);
        newId(p, PS_TCP, 1);
        run(p, bind(1, sin("10.0.2.15", 80)), "BIND port 80 with the capability");
    }

    @Test
    void ibPathRecordsAreVettedOnTheSentrysCopy() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_IB, 1);
        Execute e = exec(p, setOption(1, 1, 1, RESP, 144), "SET_OPTION IB_PATH, two records");
        GuestPointer optval = e.vetted();
        assertTrue(optval != null && optval.vet(), "an IB path must be vetted before the call");
        assertEquals(144, optval.length(), "both records");
        assertEquals(Direction.IN, optval.direction(), "the kernel reads them");

        byte[] good = new byte[144];
        pathRecord(good, 0, IB_GID);
        pathRecord(good, 1, IB_GID);
        assertSame(e, p.vetInput(e, good), "records from the sandbox's GID pass");

        byte[] bad = good.clone();
        pathRecord(bad, 1, REMOTE_IB_GID);
        Refuse r = assertInstanceOf(Refuse.class, p.vetInput(e, bad), "a foreign SGID");
        assertEquals(Errno.EINVAL, r.errno(), "EINVAL");
        assertTrue(
                r.reason()
                        .contains(
                                "RDMA_OPTION_IB_PATH record 1 has SGID "
                                        + REMOTE_IB_GID
                                        + ", which is not one of the sandbox's GIDs"),
                r.reason());
        assertThrows(
                IllegalArgumentException.class,
                () -> p.vetInput(e, new byte[72]),
                "the executor vets exactly the bytes the kernel will read");
        Execute tos = exec(p, setOption(1, 0, 0, RESP, 1), "TOS");
        assertThrows(
                IllegalArgumentException.class,
                () -> p.vetInput(tos, new byte[1]),
                "nothing to vet for TOS");
    }

    private static void pathRecord(byte[] buf, int i, String sgid) {
        int rec = i * RdmaCmAbi.PathRecData.SIZE;
        ByteBuffer.wrap(buf)
                .order(ByteOrder.nativeOrder())
                .putInt(
                        rec,
                        RdmaCmAbi.IB_PATH_GMP
                                | RdmaCmAbi.IB_PATH_PRIMARY
                                | RdmaCmAbi.IB_PATH_BIDIRECTIONAL);
        System.arraycopy(GidEntry.parse(REMOTE_IB_GID), 0, buf, rec + 8 + 8, 16); // DGID
        System.arraycopy(GidEntry.parse(sgid), 0, buf, rec + 8 + 24, 16); // SGID
    }

    @Test
    void responseLengthsFollowOut() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_TCP, 1);
        byte[] oldEvent = set(getEvent(), 6, 324, 2);
        assertEquals(
                324,
                exec(p, oldEvent, "GET_EVENT out 324").response().length(),
                "a response without reserved and ECE: the kernel writes out bytes");
        byte[] bigEvent = set(getEvent(), 6, 4096, 2);
        assertEquals(
                336,
                exec(p, bigEvent, "GET_EVENT out 4096").response().length(),
                "the kernel writes no more than its struct");
        assertEquals(
                200,
                exec(p, set(queryRoute(1), 6, 200, 2), "QUERY_ROUTE out 200").response().length(),
                "a QUERY_ROUTE response up to ibdev_index");
        assertEquals(
                QUERY_ADDR_RESP,
                exec(p, set(query(1, 0), 6, 1000, 2), "QUERY ADDR out 1000").response().length(),
                "no more than rdma_ucm_query_addr_resp");
        assertEquals(
                QP_ATTR,
                exec(p, set(initQpAttr(1, 1), 6, 500, 2), "INIT_QP_ATTR").response().length(),
                "sizeof ib_uverbs_qp_attr whatever out says");
    }

    @Test
    void destroyForgetsBeforeTheKernelCanReuseTheNumber() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_TCP, 1);
        Execute destroy = exec(p, destroyId(1), "DESTROY_ID 1");
        assertFalse(p.owns(1), "forgotten at decision time");
        // Another thread's CREATE_ID runs while the destroy is in the kernel: xa_alloc hands out
        // the lowest free number, 1 again.
        newId(p, PS_TCP, 1);
        p.executed(destroy, idResp(0));
        assertTrue(p.owns(1), "the destroy's completion does not take the new id away");
    }

    @Test
    void idsPerFileAreBounded() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX, 3);
        newId(p, PS_UDP, 1);
        newId(p, PS_UDP, 2);
        run(p, joinMcast(1, sin("239.1.1.1", 0), 0), idResp(9), "JOIN");
        refused(p, createId(PS_TCP), Errno.ENOMEM, "already holds 3 ids and multicast ids");
        refused(p, joinMcast(2, sin("239.1.1.2", 0), 0), Errno.ENOMEM, "already holds 3");
        exec(p, leaveMcast(9), "LEAVE");
        exec(p, createId(PS_TCP), "CREATE_ID once there is room");
    }

    @Test
    void executedNeedsTheResponseItReads() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        Execute e = exec(p, createId(PS_TCP), "CREATE_ID");
        assertThrows(
                IllegalArgumentException.class,
                () -> p.executed(e, new byte[2]),
                "a 2-byte response holds no id");
        assertEquals(Set.of(), p.ids(), "nothing recorded");
    }

    @Test
    void everyImplementedCommandHasARule() {
        Set<Integer> commands = new TreeSet<>();
        RdmaCmAbi.COMMANDS.forEach(c -> commands.add(c.cmd()));
        assertEquals(
                commands, RdmaCmPolicy.ruledCommands(), "one rule per command ucma.c implements");
    }

    @Test
    void theExecutedBytesAreACopy() {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX);
        newId(p, PS_TCP, 1);
        Execute e = exec(p, disconnect(1), "DISCONNECT");
        byte[] b = e.bytes();
        b[8] = 42;
        assertArrayEquals(disconnect(1), e.bytes(), "a caller cannot change what is executed");
    }

    @Test
    void concurrentCreatesAndDestroysKeepTheTableConsistent() throws Exception {
        RdmaCmPolicy p = new RdmaCmPolicy(SANDBOX, 100_000);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int base = t * 10_000;
                done.add(
                        pool.submit(
                                () -> {
                                    for (int i = 0; i < 2_000; i++) {
                                        long id = base + i;
                                        run(p, createId(PS_TCP), idResp(id), "CREATE_ID");
                                        run(p, listen(id, 3), "LISTEN");
                                        run(p, destroyId(id), idResp(0), "DESTROY_ID");
                                    }
                                }));
            }
            for (Future<?> f : done) {
                f.get(20, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(0, p.ids().size(), "every id created (16,000) was destroyed");
    }
}
