package dev.sluice.rdmaproxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.rdmaproxy.rdmacm.LibRdmaCm;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmSandbox;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.GuestMemory;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;
import dev.sluice.sentry.spi.WriteRequest;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * rdma_cm in execute mode: the sentry opens the rdma_cm files for the guest and runs each allowed
 * command itself, on its copy, against a scripted ucma ({@link FakeUcma}): pointers rewritten to
 * sentry buffers and responses copied back, ids from CREATE_ID, MIGRATE_ID's fd translated,
 * GET_EVENT's wait and its end when the guest stops waiting, a racing rewrite and a swapped fd
 * number that change nothing, and hostile commands (foreign ids, unmapped pointers).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RdmaCmExecuteTest {
    private static final ByteOrder HOST = ByteOrder.nativeOrder();
    private static final long BASE = 0x7f00_0000_0000L;
    private static final long BUF = BASE + 256;
    private static final long RESP = BASE + 2048;
    private static final long OPTVAL = BASE + 3072;
    private static final long UNMAPPED = 0x1000;
    private static final CharDevice UVERBS0 = new CharDevice(231, 192);
    private static final Path NODE = Path.of("/dev/infiniband/rdma_cm");

    private final FakeGuestMemory guest = new FakeGuestMemory(BASE, 8192);
    private final Arena arena = new Arena(4096);
    private final FakeUcma ucma = new FakeUcma();
    private final RdmaCmSandbox sandbox =
            new RdmaCmSandbox(Set.of(ip("192.168.77.1")), Set.of("::ffff:192.168.77.1"), true);
    private final RdmaCmMediator mediator =
            new RdmaCmMediator(FakeUcma.RDMA_CM, () -> sandbox, NODE, ucma, ucma);
    private final RdmaProxy proxy =
            new RdmaProxy(
                    List.of(231),
                    Map.of(UVERBS0, RxePlugin.INSTANCE),
                    new FakeUverbsHost(),
                    false,
                    mediator);
    private final List<Integer> fds = new ArrayList<>();

    /** The file written to: opened through the proxy, as the dispatcher opens it. */
    private final int file = open();

    private static InetAddress ip(String s) {
        try {
            return InetAddress.getByName(s);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private int open() {
        OptionalInt fd = proxy.openDevice(NODE, Native.O_RDWR);
        assertTrue(fd.isPresent() && fd.getAsInt() >= 0, "opened by the proxy: " + fd);
        fds.add(fd.getAsInt());
        return fd.getAsInt();
    }

    private static int realFd() {
        return (int) Native.ret(Native.LIBC.eventfd(0, Native.O_CLOEXEC));
    }

    @AfterEach
    void closeFiles() {
        fds.forEach(Native::close);
    }

    /** A guest's write of {@code command} at {@link #BUF} to the rdma_cm file {@code fd}. */
    private class Call implements WriteCall {
        final int fd;
        final int length;
        GuestMemory memory = guest;
        BooleanSupplier waiting = () -> true;
        Map<Integer, Integer> guestFds = Map.of();
        int netnsOpened;

        Call(int fd, byte[] command) {
            this.fd = fd;
            this.length = command.length;
            GuestBytes.put(guest, BUF, command);
        }

        @Override
        public WriteRequest request() {
            return new WriteRequest(1, Syscalls.SYS_WRITE, 5, BUF, length, -1);
        }

        @Override
        public CharDevice device() {
            return FakeUcma.RDMA_CM;
        }

        @Override
        public HostFd hostFd() {
            return HostFd.adopt(fd); // borrowed: never closed by the code under test
        }

        @Override
        public GuestMemory memory() {
            return memory;
        }

        @Override
        public Arena arena() {
            return arena;
        }

        @Override
        public boolean stillWaiting() {
            return waiting.getAsBoolean();
        }

        @Override
        public long guestFile(int guestFd) {
            Integer f = guestFds.get(guestFd);
            if (f == null) {
                return -Errno.EBADF;
            }
            int dup = (int) Native.ret(Native.LIBC.eventfd(0, Native.O_CLOEXEC));
            ucma.file(dup, ucma.mountId(f), ucma.charDevice(f));
            return dup;
        }

        @Override
        public long callerNetns() {
            netnsOpened++;
            return realFd();
        }

        Verdict write() {
            return proxy.write(this);
        }
    }

    private static byte[] at(byte[] command, int cmd, long response) {
        ByteBuffer.wrap(command)
                .order(HOST)
                .putLong(RdmaCmAbi.CmdHdr.SIZE + RdmaCmAbi.command(cmd).responseOffset(), response);
        return command;
    }

    private long createId(int fd) {
        Verdict v =
                new Call(fd, at(LibRdmaCm.createId(LibRdmaCm.PS_TCP), LibRdmaCm.CREATE_ID, RESP))
                        .write();
        executed(v, "RDMA_USER_CM_CMD_CREATE_ID");
        return Integer.toUnsignedLong(guest.getInt(RESP));
    }

    private static void executed(Verdict v, String name) {
        IoctlResult.Value value = assertInstanceOf(IoctlResult.Value.class, v.result(), "" + v);
        assertTrue(value.value() > 0, "the bytes written");
        assertEquals("write " + name, v.name(), "named by its command");
    }

    private static IoctlResult.Denied denied(Verdict v, int errno) {
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, v.result(), "" + v);
        assertEquals(Errno.name(errno), Errno.name(d.errno()), d.reason());
        return d;
    }

    @Test
    void rdmaCmIsASentryOpenedNodeWhoseOpenIsProbedForTheExecutorsCredentials() {
        assertEquals(List.of(NODE), proxy.opensDevices(), "rdma_cm's bind mount is nodev");
        assertEquals(
                OptionalInt.empty(),
                proxy.openDevice(Path.of("/dev/infiniband/uverbs0"), Native.O_RDWR),
                "uverbs nodes are opened by the sentry's worker");
        ucma.probe = -Errno.EACCES;
        assertEquals(
                OptionalInt.of(-Errno.EACCES),
                proxy.openDevice(NODE, Native.O_RDWR),
                "a file the executors could not write is not handed out");
        assertFalse(
                proxy.racyRows().contains("rdma_cm"),
                "executed rdma_cm commands are not racy: " + proxy.racyRows());
    }

    @Test
    void createIdRunsOnTheSentrysCopyWithTheResponseInSentryMemoryCopiedBack() {
        Call c =
                new Call(file, at(LibRdmaCm.createId(LibRdmaCm.PS_TCP), LibRdmaCm.CREATE_ID, RESP));
        guest.putInt(RESP, -1);
        Verdict v = c.write();
        executed(v, "RDMA_USER_CM_CMD_CREATE_ID");
        assertEquals(32L, ((IoctlResult.Value) v.result()).value(), "the guest's write's length");
        FakeUcma.Seen s = ucma.seen.get(0);
        assertEquals(file, s.fd(), "written to the sentry's dup of the file");
        assertNotEquals(RESP, s.u64(RdmaCmAbi.CreateId.OFF_RESPONSE), "response: a sentry buffer");
        assertEquals(0, guest.getInt(RESP), "the new id copied to the guest's response");
        assertTrue(s.netns().startsWith("net:["), "run in the caller's namespace: " + s.netns());
        assertEquals(1, c.netnsOpened, "the caller's namespace, asked of the call");
        // The id is the file's: commands naming it are executed, others refused.
        executed(new Call(file, LibRdmaCm.disconnect(0)).write(), "RDMA_USER_CM_CMD_DISCONNECT");
    }

    @Test
    void commandsNamingForeignIdsAreRefusedBeforeTheKernel() {
        long own = createId(file);
        int other = open();
        long foreign = createId(other);
        assertNotEquals(own, foreign, "ids are unique across files");
        int before = ucma.seen.size();
        IoctlResult.Denied d =
                denied(new Call(file, LibRdmaCm.disconnect(foreign)).write(), Errno.EINVAL);
        assertTrue(d.reason().contains("id " + foreign + " is not one of this file's"), d.reason());
        denied(
                new Call(file, at(LibRdmaCm.destroyId(77), LibRdmaCm.DESTROY_ID, RESP)).write(),
                Errno.EINVAL);
        assertEquals(before, ucma.seen.size(), "nothing reached the kernel");
    }

    @Test
    void setOptionsOptvalPointsAtTheSentrysCopy() {
        long id = createId(file);
        GuestBytes.put(guest, OPTVAL, new byte[] {1, 0, 0, 0});
        byte[] cmd =
                LibRdmaCm.setOption(
                        id,
                        RdmaCmAbi.RDMA_OPTION_ID,
                        RdmaCmAbi.RDMA_OPTION_ID_REUSEADDR,
                        OPTVAL,
                        4);
        executed(new Call(file, cmd).write(), "RDMA_USER_CM_CMD_SET_OPTION");
        FakeUcma.Seen s = ucma.seen.get(ucma.seen.size() - 1);
        assertNotEquals(OPTVAL, s.u64(RdmaCmAbi.SetOption.OFF_OPTVAL), "optval: a sentry copy");
        assertArrayEquals(new byte[] {1, 0, 0, 0}, ucma.optvals.get(0), "the guest's bytes");
    }

    @Test
    void aGuestRewritingItsBufferAfterTheDecisionChangesNothing() {
        long id = createId(file);
        byte[] allowed = LibRdmaCm.bindIp(id, LibRdmaCm.sin("192.168.77.1", 7174));
        byte[] foreign = LibRdmaCm.bindIp(id, LibRdmaCm.sin("10.9.9.9", 7174));
        Call c = new Call(file, allowed);
        // A guest thread rewrites the command once it was decided, before the kernel reads it.
        ucma.race = () -> GuestBytes.put(guest, BUF, foreign);
        executed(c.write(), "RDMA_USER_CM_CMD_BIND_IP");
        assertArrayEquals(allowed, ucma.seen.get(ucma.seen.size() - 1).bytes(), "the decided copy");
        ucma.race = () -> {};
        denied(new Call(file, foreign).write(), Errno.EINVAL); // as it would have been, seen first
    }

    @Test
    void theSentrysDupIsWrittenWhateverTheGuestsNumberNamesNow() {
        long id = createId(file);
        // The guest wrote to fd 5 (the request's), then dup2'd a pipe onto 5: the sentry's dup of
        // the rdma_cm file it saw is what the kernel runs the command on.
        Call c = new Call(file, LibRdmaCm.disconnect(id));
        assertEquals(5, c.request().fd(), "the guest's number");
        executed(c.write(), "RDMA_USER_CM_CMD_DISCONNECT");
        assertEquals(file, ucma.seen.get(ucma.seen.size() - 1).fd(), "the sentry's dup");
    }

    @Test
    void migrateIdTranslatesTheGuestsFdToTheSentrysDupAndMovesTheId() {
        int from = open();
        long id = createId(from);
        Call c = new Call(file, at(LibRdmaCm.migrateId(id, 9), LibRdmaCm.MIGRATE_ID, RESP));
        c.guestFds = Map.of(9, from);
        executed(c.write(), "RDMA_USER_CM_CMD_MIGRATE_ID");
        FakeUcma.Seen s = ucma.seen.get(ucma.seen.size() - 1);
        int fdSeen = s.u32(RdmaCmAbi.MigrateId.OFF_FD);
        assertNotEquals(9, fdSeen, "the guest's number is not the sentry's");
        assertTrue(ucma.owns(ucma.mountId(file), id), "the kernel moved the id");
        executed(new Call(file, LibRdmaCm.disconnect(id)).write(), "RDMA_USER_CM_CMD_DISCONNECT");
        denied(new Call(from, LibRdmaCm.disconnect(id)).write(), Errno.EINVAL);
        // A number that is no rdma_cm file of the sandbox: refused, nothing run.
        Call bad = new Call(file, at(LibRdmaCm.migrateId(id, 3), LibRdmaCm.MIGRATE_ID, RESP));
        int before = ucma.seen.size();
        denied(bad.write(), Errno.EINVAL);
        assertEquals(before, ucma.seen.size(), "nothing reached the kernel");
    }

    @Test
    void getEventWaitsForAnEventAndRecordsAConnectRequestsNewId() {
        long listener = createId(file);
        long mount = ucma.mountId(file);
        ucma.pending.put(mount, new ArrayDeque<>(List.of(FakeUcma.eventResp(4, listener))));
        ucma.pendingAfterWaits = ucma.waits.get() + 3;
        Verdict v = new Call(file, at(LibRdmaCm.getEvent(), LibRdmaCm.GET_EVENT, RESP)).write();
        executed(v, "RDMA_USER_CM_CMD_GET_EVENT");
        assertTrue(ucma.waits.get() >= 3, "it waited in poll first: " + ucma.waits.get());
        assertEquals(4, guest.getInt(RESP + RdmaCmAbi.EventResp.OFF_EVENT), "the event, copied");
        long conn = Integer.toUnsignedLong(guest.getInt(RESP + RdmaCmAbi.EventResp.OFF_ID));
        assertNotEquals(listener, conn, "a new id for the connection");
        executed(new Call(file, LibRdmaCm.acceptConnResp(conn)).write(), "RDMA_USER_CM_CMD_ACCEPT");
    }

    @Test
    void getEventStopsWaitingOnceTheGuestNoLongerWaits() {
        AtomicInteger asked = new AtomicInteger();
        Call c = new Call(file, at(LibRdmaCm.getEvent(), LibRdmaCm.GET_EVENT, RESP));
        c.waiting = () -> asked.incrementAndGet() < 3; // a signal interrupted it
        int before = ucma.seen.size();
        Verdict v = c.write();
        IoctlResult.GuestError e = assertInstanceOf(IoctlResult.GuestError.class, v.result());
        assertEquals(Errno.EINTR, e.errno(), "nobody takes the answer");
        assertEquals(3, asked.get(), "asked between slices of poll");
        assertEquals(before, ucma.seen.size(), "GET_EVENT never ran: no event was consumed");
    }

    @Test
    void getEventOnANonBlockingFileRunsAtOnce() {
        ucma.statusFlags = Native.O_RDWR | Native.O_NONBLOCK;
        Call c = new Call(file, at(LibRdmaCm.getEvent(), LibRdmaCm.GET_EVENT, RESP));
        c.waiting = () -> false; // never asked
        Verdict v = c.write();
        IoctlResult.GuestError e = assertInstanceOf(IoctlResult.GuestError.class, v.result());
        assertEquals(Errno.EAGAIN, e.errno(), "the kernel's EAGAIN");
        assertEquals(0, ucma.waits.get(), "no wait");
    }

    @Test
    void pointersToUnmappedMemoryFailWithEfaultBeforeTheKernel() {
        long id = createId(file);
        int before = ucma.seen.size();
        denied(
                new Call(
                                file,
                                at(
                                        LibRdmaCm.createId(LibRdmaCm.PS_TCP),
                                        LibRdmaCm.CREATE_ID,
                                        UNMAPPED))
                        .write(),
                Errno.EFAULT);
        byte[] opt =
                LibRdmaCm.setOption(
                        id,
                        RdmaCmAbi.RDMA_OPTION_ID,
                        RdmaCmAbi.RDMA_OPTION_ID_REUSEADDR,
                        UNMAPPED,
                        4);
        denied(new Call(file, opt).write(), Errno.EFAULT);
        assertEquals(before, ucma.seen.size(), "nothing reached the kernel");
    }

    @Test
    void aResponseTheGuestCannotTakeUndoesTheNewId() {
        Call c =
                new Call(file, at(LibRdmaCm.createId(LibRdmaCm.PS_TCP), LibRdmaCm.CREATE_ID, RESP));
        c.memory =
                new GuestMemory() {
                    @Override
                    public int read(long guestAddr, Pointer dst, long length) {
                        return guest.read(guestAddr, dst, length);
                    }

                    @Override
                    public int write(long guestAddr, Pointer src, long length) {
                        return -Errno.EFAULT; // unmapped by another thread meanwhile
                    }
                };
        IoctlResult.GuestError e =
                assertInstanceOf(IoctlResult.GuestError.class, c.write().result());
        assertEquals(Errno.EFAULT, e.errno(), "the guest's EFAULT");
        FakeUcma.Seen undo = ucma.seen.get(ucma.seen.size() - 1);
        assertEquals(RdmaCmAbi.RDMA_USER_CM_CMD_DESTROY_ID, undo.cmd(), "the new id destroyed");
        assertFalse(ucma.owns(ucma.mountId(file), undo.u32(RdmaCmAbi.DestroyId.OFF_ID)), "gone");
    }

    @Test
    void aWritevRunsItsCommandsInOrderAndAnswersTheBytesBeforeARefusedOne() {
        long id = createId(file);
        byte[] first = LibRdmaCm.disconnect(id);
        byte[] second = LibRdmaCm.disconnect(99);
        long iov = BASE + 4096;
        GuestBytes.put(guest, BASE + 4200, first);
        GuestBytes.put(guest, BASE + 4400, second);
        ByteBuffer v = ByteBuffer.allocate(32).order(HOST);
        v.putLong(0, BASE + 4200)
                .putLong(8, first.length)
                .putLong(16, BASE + 4400)
                .putLong(24, second.length);
        GuestBytes.put(guest, iov, v.array());
        Call c =
                new Call(file, new byte[0]) {
                    @Override
                    public WriteRequest request() {
                        return new WriteRequest(1, Syscalls.SYS_WRITEV, 5, iov, 2, -1);
                    }
                };
        IoctlResult.Value done = assertInstanceOf(IoctlResult.Value.class, c.write().result());
        assertEquals(first.length, done.value(), "the first command's bytes");
    }
}
