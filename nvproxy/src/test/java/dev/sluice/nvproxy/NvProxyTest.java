package dev.sluice.nvproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.Layouts;
import dev.sluice.nvproxy.abi.UvmCommands;
import dev.sluice.nvproxy.frontend.Capability;
import dev.sluice.nvproxy.frontend.DriverAbi;
import dev.sluice.nvproxy.frontend.FrontendHandlers;
import dev.sluice.nvproxy.frontend.FrontendTable;
import dev.sluice.nvproxy.modeset.ModesetTable;
import dev.sluice.nvproxy.uvm.UvmTable;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.CallRehearsal;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ScriptedCall;
import dev.sluice.sentry.spi.Verdict;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Which table decides a call, by the node the sentry's dup is: the hostile side of the device-node
 * part of security issue 15 (a guest granted nvidia-modeset, nvidia-uvm-tools or a UVM fd trying
 * numbers no table lists). Calls are handed to the proxy as the dispatcher would; none reaches a
 * driver.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NvProxyTest {
    private static final int UVM_MAJOR = 238;
    private static final CharDevice CTL = new CharDevice(195, 255);
    private static final CharDevice MODESET = new CharDevice(195, 254);
    private static final CharDevice UVM = new CharDevice(UVM_MAJOR, 0);
    private static final CharDevice UVM_TOOLS = new CharDevice(UVM_MAJOR, 1);
    private static final long BASE = 0x7f00_0000_0000L;

    /**
     * A number no file is open under: a call that reached the driver would fail with EBADF, not be
     * denied.
     */
    private static final HostFd NO_FILE = HostFd.adopt(1 << 20);

    private static final DriverAbi ABI = AbiTables.reference();
    private static final UvmCommands UVM_COMMANDS = UvmCommands.of(ABI.tag());
    private static final int UVM_INITIALIZE = AbiTables.uvm("UVM_INITIALIZE");

    private final NvProxy proxy =
            new NvProxy(
                    new NvProxy.Tables(
                            FrontendTable.build(
                                    ABI,
                                    Capability.mask(Capability.values()),
                                    "driver 580.159.04",
                                    HostDevice.NATIVE,
                                    new FrontendHandlers(
                                            HostDevice.NATIVE, Set.of(0), Set.of(0x100))),
                            UvmTable.build(ABI, UVM_COMMANDS),
                            UvmTable.tools(UVM_COMMANDS),
                            ModesetTable.build()),
                    ABI.frontend(),
                    new NvidiaChardevs(Map.of(UVM_MAJOR, "nvidia-uvm", 239, "nvidia-caps")),
                    Capability.mask(Capability.DEFAULT),
                    true,
                    List.of());

    private IoctlResult call(CharDevice device, int cmd) {
        return verdict(device, cmd).result();
    }

    private Verdict verdict(CharDevice device, int cmd) {
        return proxy.handle(
                new ScriptedCall(cmd, BASE, device, new FakeGuestMemory(BASE, 4096), NO_FILE));
    }

    private static void assertDenied(IoctlResult r, int errno, String what) {
        IoctlResult.Denied d =
                assertInstanceOf(IoctlResult.Denied.class, r, what + ": denied, never run");
        assertEquals(errno, d.errno(), what + ": errno (" + d.reason() + ")");
    }

    @Test
    void itOwnsEveryNvidiaDeviceNumberAndNothingElse() {
        for (CharDevice d :
                List.of(
                        CTL,
                        MODESET,
                        UVM,
                        UVM_TOOLS,
                        new CharDevice(195, 0),
                        new CharDevice(195, 250),
                        new CharDevice(239, 1))) {
            assertTrue(proxy.owns(d), d + " is NVIDIA's: NVProxy decides its calls");
        }
        assertFalse(proxy.owns(new CharDevice(1, 3)), "/dev/null is not NVIDIA's");
    }

    @Test
    void everyNvkmsCallOnTheModesetNodeIsDenied() {
        for (int type : new int[] {'m', 'F', 'G'}) {
            int req = Ioctl.iowr(type, 0, 16);
            assertDenied(call(MODESET, req), Errno.EPERM, "NVKMS_IOCTL_CMD as " + Ioctl.hex(req));
        }
        assertEquals(
                "NVKMS_IOCTL_CMD",
                proxy.ioctlName(ModesetTable.NVKMS_IOCTL_REQUEST),
                "named in logs");
        assertDenied(
                call(MODESET, Ioctl.iowr('F', 0x2a, 32)),
                Errno.EPERM,
                "RM_CONTROL's number on the modeset node is not the frontend's to run");
    }

    @Test
    void uvmToolsCommandsAreDenied() {
        int tools = 0;
        for (UvmCommands.Command e : UVM_COMMANDS.byNumber().values()) {
            if (e.route() == UvmCommands.Route.TOOLS) {
                assertDenied(
                        call(UVM_TOOLS, e.cmd()), Errno.EINVAL, e.name() + " on nvidia-uvm-tools");
                assertEquals(e.name(), proxy.ioctlName(e.cmd()), "named in the denial log");
                tools++;
            }
        }
        assertTrue(tools > 0, ABI.tag() + " has tools commands");
        assertDenied(
                call(UVM_TOOLS, UVM_INITIALIZE),
                Errno.EINVAL,
                "a UVM command on the tools node is not the UVM table's to continue");
    }

    @Test
    void unknownUvmNumbersAreDeniedAndKnownOnesContinue() {
        assertEquals(
                IoctlResult.CONTINUE,
                call(UVM, UVM_INITIALIZE),
                "UVM_INITIALIZE runs in the guest");
        assertEquals(
                IoctlResult.CONTINUE,
                call(UVM, AbiTables.uvm("UVM_MAP_EXTERNAL_ALLOCATION")),
                "a known command");
        Layouts uvmLayout = Layouts.of("uvmlayout", ABI.tag());
        for (int cmd :
                new int[] {
                    AbiTables.uvm("UVM_RUN_TEST"),
                    uvmLayout.constant("UVM_TEST_IOCTL_FIRST"),
                    250,
                    uvmLayout.constant("UVM_TEST_IOCTL_LAST"),
                    81,
                    199,
                    511,
                    0x30000003
                }) {
            assertDenied(call(UVM, cmd), Errno.EINVAL, "UVM number " + cmd);
        }
    }

    @Test
    void eachCallGoesByTheNameOfWhatItAsked() {
        assertEquals(
                "UVM_INITIALIZE", verdict(UVM, UVM_INITIALIZE).name(), "a UVM row, by its name");
        assertEquals(
                "NVKMS_IOCTL_CMD",
                verdict(MODESET, ModesetTable.NVKMS_IOCTL_REQUEST).name(),
                "a known but denied request, by the node table's name");
        assertEquals(
                "UVM_INITIALIZE",
                verdict(CTL, UVM_INITIALIZE).name(),
                "a request the node's table does not name, as NVIDIA's headers name it");
        assertEquals(
                proxy.ioctlName(Ioctl.iowr('F', 0x2a, 40)),
                verdict(CTL, Ioctl.iowr('F', 0x2a, 40)).name(),
                "an escape of another size, as the denial log named it before");
    }

    @Test
    void nvidiaNodesNoTableCoversAreDenied() {
        assertDenied(
                call(new CharDevice(195, 250), Ioctl.iowr('F', 0x2a, 32)), Errno.ENOTTY, "195:250");
        assertDenied(call(new CharDevice(239, 1), 23), Errno.ENOTTY, "an nvidia-caps node");
    }

    @Test
    void racyRowsNameClientAllocation() {
        assertTrue(
                proxy.racyRows().contains("RM_ALLOC") && proxy.racyRows().contains("client"),
                "the client-class RM_ALLOC row is racy: " + proxy.racyRows());
        String warning = DeviceProxy.racyWarning(List.of(proxy)).orElseThrow();
        assertTrue(
                warning.endsWith(proxy.racyRows()) && !warning.contains("\n"),
                "one line, carrying the row: " + warning);
    }

    @Test
    void theRehearsalIsAnsweredByACopyThatDecidesAsTheProxyDoes() {
        try (CallRehearsal r = proxy.rehearsal()) {
            DeviceProxy copy = r.proxy();
            assertNotSame(proxy, copy, "a proxy of its own, sharing no state with the sandbox's");
            assertEquals(proxy.trapRules(), copy.trapRules(), "the same trap rules");
            assertTrue(copy.owns(CTL) && !copy.owns(new CharDevice(1, 3)), "the same devices");
            int control = Ioctl.iowr('F', 0x2a, 32);
            assertEquals(
                    disposition(proxy, control),
                    disposition(copy, control),
                    "and the same decision for an RM control");
        }
    }

    private static Disposition disposition(DeviceProxy p, int cmd) {
        return p.handle(new ScriptedCall(cmd, BASE, CTL, new FakeGuestMemory(BASE, 4096), NO_FILE))
                .result()
                .disposition();
    }

    @Test
    void withoutAControlNodeTheRehearsalMakesNoCall() {
        Assumptions.assumeFalse(
                java.nio.file.Files.exists(java.nio.file.Path.of("/dev/nvidiactl")),
                "this machine has an NVIDIA control node (the GPU suite covers the rehearsal there)");
        try (CallRehearsal r = proxy.rehearsal()) {
            assertEquals(0, r.perform(new Arena(4096)), "no node: nothing to call");
        }
    }
}
