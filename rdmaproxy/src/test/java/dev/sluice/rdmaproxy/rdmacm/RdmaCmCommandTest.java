package dev.sluice.rdmaproxy.rdmacm;

import static dev.sluice.rdmaproxy.rdmacm.LibRdmaCm.*;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.sentry.nativeio.Errno;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class RdmaCmCommandTest {

    /** One write of every command librdmacm sends, as it sends it. */
    static Stream<Arguments> librdmacmWrites() {
        byte[] src = sin("10.0.2.15", 0);
        byte[] dst = sin("10.0.2.2", 7174);
        return Stream.of(
                Arguments.of("RDMA_USER_CM_CMD_CREATE_ID", createId(PS_TCP)),
                Arguments.of("RDMA_USER_CM_CMD_DESTROY_ID", destroyId(1)),
                Arguments.of("RDMA_USER_CM_CMD_BIND_IP", bindIp(1, src)),
                Arguments.of("RDMA_USER_CM_CMD_RESOLVE_IP", resolveIp(1, src, dst, 2000)),
                Arguments.of("RDMA_USER_CM_CMD_RESOLVE_ROUTE", resolveRoute(1, 2000)),
                Arguments.of("RDMA_USER_CM_CMD_QUERY_ROUTE", queryRoute(1)),
                Arguments.of("RDMA_USER_CM_CMD_CONNECT", connect(1, 0x11, new byte[0])),
                Arguments.of("RDMA_USER_CM_CMD_LISTEN", listen(1, 3)),
                Arguments.of("RDMA_USER_CM_CMD_ACCEPT", accept(1, 0x12, new byte[0])),
                Arguments.of("RDMA_USER_CM_CMD_REJECT", reject(1, new byte[4], 0)),
                Arguments.of("RDMA_USER_CM_CMD_DISCONNECT", disconnect(1)),
                Arguments.of("RDMA_USER_CM_CMD_INIT_QP_ATTR", initQpAttr(1, 1)),
                Arguments.of("RDMA_USER_CM_CMD_GET_EVENT", getEvent()),
                Arguments.of("RDMA_USER_CM_CMD_SET_OPTION", setOption(1, 0, 0, RESP, 1)),
                Arguments.of("RDMA_USER_CM_CMD_NOTIFY", notifyCm(1, 4)),
                Arguments.of("RDMA_USER_CM_CMD_JOIN_IP_MCAST", joinIpMcast(1, sin("239.1.1.1", 0))),
                Arguments.of("RDMA_USER_CM_CMD_LEAVE_MCAST", leaveMcast(1)),
                Arguments.of("RDMA_USER_CM_CMD_MIGRATE_ID", migrateId(1, 5)),
                Arguments.of("RDMA_USER_CM_CMD_QUERY", query(1, 0)),
                Arguments.of("RDMA_USER_CM_CMD_BIND", bind(1, src)),
                Arguments.of("RDMA_USER_CM_CMD_RESOLVE_ADDR", resolveAddr(1, src, dst, 2000)),
                Arguments.of("RDMA_USER_CM_CMD_JOIN_MCAST", joinMcast(1, sin("239.1.1.1", 0), 0)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("librdmacmWrites")
    void everyCommandLibrdmacmWritesParses(String name, byte[] written) {
        RdmaCmParsed p = RdmaCmCommand.parse(written);
        RdmaCmCommand c =
                assertInstanceOf(
                        RdmaCmCommand.class, p, name + " as librdmacm writes it parses: " + p);
        assertEquals(name, c.name(), "the command number names " + name);
        assertEquals(written.length - 8, c.in(), name + ": in is the bytes after the header");
        if (c.spec().responds()) {
            assertEquals(RESP, c.response(), name + ": response is librdmacm's buffer");
        } else {
            assertEquals(0, c.out(), name + ": librdmacm writes out = 0 where nothing answers");
        }
        assertEquals(
                c.spec().inMax(),
                c.in(),
                name + ": librdmacm's struct less its folded header is the kernel's struct");
    }

    @Test
    void theTestTableCoversEveryImplementedCommand() {
        Set<String> seen = new HashSet<>();
        librdmacmWrites().forEach(a -> seen.add((String) a.get()[0]));
        for (RdmaCmAbi.Command c : RdmaCmAbi.COMMANDS) {
            assertTrue(seen.contains(c.name()), c.name() + " has a librdmacm write in the table");
        }
    }

    /** A malformed or hostile write, the errno it gets and a fragment of the reason. */
    record Bad(String what, byte[] written, int errno, String fragment) {
        @Override
        public String toString() {
            return what;
        }
    }

    private static byte[] header(int cmd, int in, int out, int total) {
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.nativeOrder());
        b.putInt(0, cmd);
        b.putShort(4, (short) in);
        b.putShort(6, (short) out);
        return b.array();
    }

    private static byte[] with(byte[] w, int off, int value, int width) {
        byte[] c = w.clone();
        ByteBuffer b = ByteBuffer.wrap(c).order(ByteOrder.nativeOrder());
        switch (width) {
            case 2 -> b.putShort(off, (short) value);
            case 4 -> b.putInt(off, value);
            case 8 -> b.putLong(off, value);
            default -> throw new IllegalArgumentException();
        }
        return c;
    }

    static List<Bad> malformed() {
        byte[] create = createId(PS_TCP);
        byte[] connect = connect(1, 0x11, new byte[0]);
        return List.of(
                new Bad("empty write", new byte[0], Errno.EINVAL, "shorter than rdma_ucm_cmd_hdr"),
                new Bad(
                        "truncated header",
                        Arrays.copyOf(create, 4),
                        Errno.EINVAL,
                        "a write of 4 bytes is shorter than rdma_ucm_cmd_hdr (8)"),
                new Bad(
                        "unknown command 23",
                        header(23, 0, 0, 8),
                        Errno.EINVAL,
                        "unknown command 0x17 (23)"),
                new Bad(
                        "unknown command 2^32-1",
                        header(-1, 0, 0, 8),
                        Errno.EINVAL,
                        "unknown command 0xffffffff"),
                new Bad(
                        "GET_OPTION, which ucma.c leaves NULL",
                        header(GET_OPTION, 0, 0, 8),
                        Errno.ENOSYS,
                        "RDMA_USER_CM_CMD_GET_OPTION: the kernel has no handler for it (a NULL entry of ucma_cmd_table)"),
                new Bad(
                        "in larger than the bytes written",
                        Arrays.copyOf(create, 16),
                        Errno.EINVAL,
                        "RDMA_USER_CM_CMD_CREATE_ID: in = 24 but the write has 8 bytes after the"
                                + " header"),
                new Bad(
                        "bytes beyond in",
                        Arrays.copyOf(create, 40),
                        Errno.EINVAL,
                        "in = 24 but the write has 32 bytes after the header"),
                new Bad(
                        "in shorter than the struct",
                        with(Arrays.copyOf(create, 24), 4, 16, 2),
                        Errno.EINVAL,
                        "in = 16 is shorter than struct rdma_ucm_create_id (24): the kernel would"
                                + " read the rest"),
                new Bad(
                        "in longer than the struct",
                        with(Arrays.copyOf(create, 40), 4, 32, 2),
                        Errno.EINVAL,
                        "in = 32 is longer than struct rdma_ucm_create_id (24)"),
                new Bad(
                        "CONNECT shorter than before ECE",
                        with(Arrays.copyOf(connect, 8 + 276), 4, 276, 2),
                        Errno.EINVAL,
                        "in = 276 is shorter than struct rdma_ucm_connect (280)"),
                new Bad(
                        "response NULL",
                        with(create, 16, 0, 8),
                        Errno.EFAULT,
                        "RDMA_USER_CM_CMD_CREATE_ID: response is NULL"),
                new Bad(
                        "out too short for the id",
                        with(create, 6, 2, 2),
                        RdmaCmCommand.ENOSPC,
                        "out = 2 is less than the 4 bytes its response needs"
                                + " (struct rdma_ucm_create_id_resp)"),
                new Bad(
                        "GET_EVENT out below 324",
                        with(getEvent(), 6, 320, 2),
                        RdmaCmCommand.ENOSPC,
                        "out = 320 is less than the 324 bytes"),
                new Bad(
                        "QUERY ADDR out below ibdev_index",
                        with(query(1, 0), 6, 100, 2),
                        RdmaCmCommand.ENOSPC,
                        "out = 100 is less than the 272 bytes"),
                new Bad(
                        "QUERY PATH out below its header",
                        with(query(1, 1), 6, 4, 2),
                        RdmaCmCommand.ENOSPC,
                        "(struct rdma_ucm_query_path_resp)"),
                new Bad(
                        "out on a command that answers nothing",
                        with(listen(1, 3), 6, 16, 2),
                        Errno.EINVAL,
                        "RDMA_USER_CM_CMD_LISTEN: out = 16 but the command writes nothing back"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedWritesAreRefusedNamingWhy(Bad bad) {
        RdmaCmParsed p = RdmaCmCommand.parse(bad.written());
        RdmaCmDecision.Refuse r =
                assertInstanceOf(
                        RdmaCmDecision.Refuse.class, p, bad.what() + " is refused, not " + p);
        assertEquals(
                bad.errno(),
                r.errno(),
                bad.what() + ": errno " + Errno.describe(bad.errno()) + ", line: " + r.reason());
        assertTrue(
                r.reason().startsWith("rdma_cm: ") && r.reason().contains(bad.fragment()),
                bad.what() + ": the line says \"" + bad.fragment() + "\": " + r.reason());
        assertTrue(!r.reason().contains("\n"), "one line: " + r.reason());
    }

    @Test
    void connectAndAcceptWithoutEceParse() {
        byte[] full = connect(7, 0x11, new byte[0]);
        byte[] old = with(Arrays.copyOf(full, 8 + 280), 4, 280, 2);
        RdmaCmCommand c = assertInstanceOf(RdmaCmCommand.class, RdmaCmCommand.parse(old));
        assertEquals(280, c.in(), "a librdmacm from before ECE writes 280 bytes");
        assertEquals(7, c.id(), "the id is still where it was");
    }

    @Test
    void readersUseStructOffsetsAndHostOrder() {
        RdmaCmCommand c =
                (RdmaCmCommand) RdmaCmCommand.parse(setOption(9, 1, 1, 0x1122334455667788L, 72));
        assertEquals(0x1122334455667788L, c.u64(RdmaCmAbi.SetOption.OFF_OPTVAL), "optval");
        assertEquals(9, c.u32(RdmaCmAbi.SetOption.OFF_ID), "id");
        assertEquals(9, c.id(), "id() reads the table's idOffset");
        assertEquals(72, c.u32(RdmaCmAbi.SetOption.OFF_OPTLEN), "optlen");
        assertEquals(0, c.response(), "SET_OPTION has no response pointer");
        assertEquals(-1, ((RdmaCmCommand) RdmaCmCommand.parse(getEvent())).id(), "GET_EVENT");
        assertEquals(
                RESP, ((RdmaCmCommand) RdmaCmCommand.parse(getEvent())).response(), "response");
        assertEquals(16, RdmaCmCommand.inWrite(RdmaCmAbi.CreateId.OFF_RESPONSE), "8 + offsetof");
    }

    @Test
    void theCommandKeepsItsOwnCopy() {
        byte[] w = listen(3, 3);
        RdmaCmCommand c = (RdmaCmCommand) RdmaCmCommand.parse(w);
        w[12] = 99; // the guest (or anyone) changes the buffer after the copy
        assertEquals(3, c.u32(RdmaCmAbi.Listen.OFF_BACKLOG), "parse copied the bytes");
        byte[] out = c.bytes();
        out[12] = 42;
        assertEquals(3, c.u32(RdmaCmAbi.Listen.OFF_BACKLOG), "bytes() hands out a copy");
        assertArrayEquals(listen(3, 3), c.bytes(), "bytes() is the write, header included");
    }
}
