package dev.sluice.rdmaproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.rdmaproxy.rdmacm.LibRdmaCm;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmSandbox;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;
import dev.sluice.sentry.spi.WriteRequest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * RDMAProxy's mediated rdma_cm: each command written to the granted rdma_cm file is decided by the
 * sandbox's policy and continued (the kernel runs it in the guest's context) or refused; bytes as
 * librdmacm writes them (rdmacm/LibRdmaCm).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RdmaCmMediatorTest {
    private static final long BASE = 0x7f00_0000_0000L;
    private static final long BUF = BASE + 256;
    private static final CharDevice UVERBS0 = new CharDevice(231, 192);
    private static final CharDevice RDMA_CM = new CharDevice(10, 58);

    private final FakeGuestMemory guest = new FakeGuestMemory(BASE, 8192);
    private final Arena arena = new Arena(4096);
    private final RdmaCmSandbox sandbox =
            new RdmaCmSandbox(Set.of(ip("192.168.77.1")), Set.of("::ffff:192.168.77.1"), true);
    private final RdmaProxy proxy =
            new RdmaProxy(
                    List.of(231),
                    Map.of(UVERBS0, RxePlugin.INSTANCE),
                    new FakeUverbsHost(),
                    false,
                    new RdmaCmMediator(RDMA_CM, () -> sandbox));

    private static InetAddress ip(String s) {
        try {
            return InetAddress.getByName(s);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private void put(long addr, byte[] bytes) {
        GuestBytes.put(guest, addr, bytes);
    }

    private Verdict write(byte[] command) {
        put(BUF, command);
        WriteCall c = mock(WriteCall.class);
        when(c.request())
                .thenReturn(new WriteRequest(1, Syscalls.SYS_WRITE, 5, BUF, command.length, -1));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(arena);
        when(c.device()).thenReturn(RDMA_CM);
        return proxy.write(c);
    }

    private static void continued(Verdict v, String name) {
        assertInstanceOf(IoctlResult.Continue.class, v.result(), "continued: " + v);
        assertEquals("write " + name, v.name(), "named by its command");
    }

    @Test
    void grantingRdmaCmMediatesWritesAndOwnsItsFile() {
        assertTrue(proxy.mediatesWrites(), "rdma_cm's interface is write(): it is trapped");
        assertTrue(proxy.owns(RDMA_CM), "the rdma_cm file is RDMAProxy's");
    }

    @Test
    void rpingsClientIsContinuedCommandByCommand() {
        continued(write(LibRdmaCm.createId(LibRdmaCm.PS_TCP)), "RDMA_USER_CM_CMD_CREATE_ID");
        // Ids are learnt as they are named: the kernel scopes them to the file.
        continued(
                write(
                        LibRdmaCm.resolveAddr(
                                0,
                                LibRdmaCm.family(LibRdmaCm.AF_INET),
                                LibRdmaCm.sin("192.168.77.1", 7174),
                                2000)),
                "RDMA_USER_CM_CMD_RESOLVE_ADDR");
        continued(write(LibRdmaCm.resolveRoute(0, 2000)), "RDMA_USER_CM_CMD_RESOLVE_ROUTE");
        continued(write(LibRdmaCm.getEvent()), "RDMA_USER_CM_CMD_GET_EVENT");
        continued(write(LibRdmaCm.connect(0, 17, new byte[0])), "RDMA_USER_CM_CMD_CONNECT");
        continued(write(LibRdmaCm.disconnect(0)), "RDMA_USER_CM_CMD_DISCONNECT");
        continued(write(LibRdmaCm.destroyId(0)), "RDMA_USER_CM_CMD_DESTROY_ID");
    }

    @Test
    void aSourceAddressNotTheSandboxsIsRefused() {
        continued(write(LibRdmaCm.createId(LibRdmaCm.PS_TCP)), "RDMA_USER_CM_CMD_CREATE_ID");
        Verdict v = write(LibRdmaCm.bindIp(0, LibRdmaCm.sin("10.9.9.9", 7174)));
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, v.result(), "" + v);
        assertEquals(Errno.EINVAL, d.errno(), "EINVAL");
        assertTrue(
                d.reason().startsWith("rdma_cm: ") && d.reason().contains("10.9.9.9"),
                "the line names the address: " + d.reason());
    }

    @Test
    void aListenBacklogBeyondTheDefaultIsRewrittenInTheGuestsBufferBeforeTheKernelReadsIt() {
        continued(write(LibRdmaCm.createId(LibRdmaCm.PS_TCP)), "RDMA_USER_CM_CMD_CREATE_ID");
        byte[] listen = LibRdmaCm.listen(0, 4096);
        continued(write(listen), "RDMA_USER_CM_CMD_LISTEN");
        byte[] now = java.util.Arrays.copyOfRange(guest.bytes(), 256, 256 + listen.length);
        int backlog = ByteBuffer.wrap(now).order(ByteOrder.nativeOrder()).getInt(now.length - 4);
        assertEquals(1024, backlog, "the kernel reads the policy's backlog");
    }

    @Test
    void malformedCommandsAreRefusedBeforeAnyPolicy() {
        byte[] truncated = java.util.Arrays.copyOf(LibRdmaCm.createId(LibRdmaCm.PS_TCP), 12);
        assertInstanceOf(IoctlResult.Denied.class, write(truncated).result(), "truncated");
        byte[] huge = new byte[RdmaCmMediator.MAX_WRITE + 1];
        assertInstanceOf(IoctlResult.Denied.class, write(huge).result(), "too long");
    }

    @Test
    void theSandboxIsWhatTheGrantedDevicesGidTablesShow(@TempDir Path sys) throws IOException {
        Path port = sys.resolve("class/infiniband/rxe0/ports/1");
        Files.createDirectories(port.resolve("gids"));
        Files.createDirectories(port.resolve("gid_attrs/ndevs"));
        Files.createDirectories(port.resolve("gid_attrs/types"));
        Files.writeString(port.resolve("gids/0"), "fe80:0000:0000:0000:0000:00ff:fe00:0001\n");
        Files.writeString(port.resolve("gids/1"), "0000:0000:0000:0000:0000:ffff:c0a8:4d01\n");
        for (int i = 0; i < 2; i++) {
            Files.writeString(port.resolve("gid_attrs/ndevs/" + i), "sluice0\n");
            Files.writeString(port.resolve("gid_attrs/types/" + i), "RoCE v2\n");
        }
        RdmaCmSandbox s = RdmaCmSandbox.fromSysfs(sys, List.of("rxe0"));
        assertTrue(s.hasAddress(ip("192.168.77.1")), "the IPv4-mapped GID's address: " + s);
        assertTrue(s.privilegedPorts(), "the kernel checks the guest's own capability");
        assertEquals(
                Set.of("fe80::ff:fe00:1", "::ffff:192.168.77.1"),
                s.gids(),
                "both GIDs of the netdev");
    }
}
