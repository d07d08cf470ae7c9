package dev.sluice.nvproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.AbiTables;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.Layouts;
import dev.sluice.nvproxy.abi.UvmCommands;
import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The seccomp rules: every call the driver would execute is trapped; common other ioctls are not.
 * The rules of the GPU host's driver (580.142's sizes) unless a test says otherwise; the escapes
 * and UVM numbers of every supported tag are checked against that tag's rules.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NvTrapRulesTest {
    private final List<TrapRule> rules = NvTrapRules.rules(AbiTables.frontend(), false);

    private boolean trapped(int request) {
        return trapped(rules, request);
    }

    private static boolean trapped(List<TrapRule> rules, int request) {
        return rules.stream().anyMatch(r -> r.matches(request));
    }

    /** Every generated tag, once. */
    static Stream<String> tags() {
        return DriverAbis.versions().values().stream().distinct();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void everyEscapeTheDriverDispatchesIsTrappedWhateverItsTypeByteAndDirection(String tag) {
        FrontendRequests frontend = FrontendRequests.of(Layouts.of("frontend", tag));
        List<TrapRule> tagRules = NvTrapRules.rules(frontend, false);
        assertTrue(frontend.layouts().size() > 30, tag + ": the escapes the driver dispatches");
        for (FrontendRequests.Layout l : frontend.layouts()) {
            for (int type : new int[] {'F', 'G', 0, 0xff}) {
                for (int dir = 0; dir < 4; dir++) {
                    int req = Ioctl.ioc(dir, type, l.escape(), l.size());
                    assertTrue(
                            trapped(tagRules, req),
                            tag + ": " + l.cType() + " as " + Ioctl.hex(req) + " must be trapped");
                }
            }
        }
        int control = frontend.layout("NVOS54_PARAMETERS").size();
        assertTrue(
                trapped(tagRules, Ioctl.iowr('G', 0x2a, control)),
                tag + ": _IOWR('G', 0x2a, " + control + ") on nvidiactl runs as RM_CONTROL");
    }

    /**
     * An escape a tag dispatches that no layout describes (535's {@code NV_ESC_RM_NVLOG_CTRL}) is
     * trapped at any size, so the table denies it rather than the driver running it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void escapesWithoutALayoutAreTrappedAtEverySize(String tag) {
        FrontendRequests frontend = FrontendRequests.of(Layouts.of("frontend", tag));
        List<TrapRule> tagRules = NvTrapRules.rules(frontend, false);
        frontend.unlaidOut()
                .forEach(
                        (name, escape) -> {
                            for (int size : new int[] {0, 4, 40, 4096, Ioctl.MAX_SIZE}) {
                                int req = Ioctl.iowr('F', escape, size);
                                assertTrue(
                                        trapped(tagRules, req),
                                        tag + ": " + name + " as " + Ioctl.hex(req));
                            }
                        });
        if (tag.startsWith("535.")) {
            assertTrue(
                    trapped(
                            tagRules,
                            Ioctl.iowr('F', frontend.unlaidOut().get("NV_ESC_RM_NVLOG_CTRL"), 24)),
                    tag + ": NV_ESC_RM_NVLOG_CTRL");
        }
    }

    @Test
    void variableSizeEscapesAreTrappedAtEverySize() {
        for (int size : new int[] {0, 4, 72, 2304, 4096, Ioctl.MAX_SIZE}) {
            assertTrue(
                    trapped(Ioctl.iowr('F', 200, size)), "NV_ESC_CARD_INFO of " + size + " bytes");
            assertTrue(
                    trapped(Ioctl.iowr('F', 212, size)),
                    "NV_ESC_ATTACH_GPUS_TO_FD of " + size + " bytes");
            assertTrue(
                    trapped(Ioctl.iowr('F', 213, size)),
                    "NV_ESC_QUERY_DEVICE_INTR of " + size + " bytes");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void everyUvmCommandIsTrapped(String tag) {
        int dispatched = 0;
        for (UvmCommands.Command e : UvmCommands.of(tag).byNumber().values()) {
            if (e.route() != UvmCommands.Route.NONE) {
                assertTrue(trapped(e.cmd()), tag + ": " + e.name() + " must be trapped");
                dispatched++;
            }
        }
        assertTrue(dispatched > 40, tag + ": " + dispatched + " UVM commands dispatched");
        Layouts layout = Layouts.of("uvmlayout", tag);
        for (int cmd = layout.constant("UVM_TEST_IOCTL_FIRST");
                cmd <= layout.constant("UVM_TEST_IOCTL_LAST");
                cmd++) {
            assertTrue(
                    trapped(cmd),
                    tag
                            + ": UVM test ioctl "
                            + cmd
                            + " (uvm_enable_builtin_tests=1) must be trapped");
        }
    }

    /**
     * An unknown number reaches the table (and is denied there) instead of the driver's built-in
     * tests.
     */
    @Test
    void uvmIsTrappedByRangeSoUnknownNumbersReachTheTable() {
        Layouts layout = Layouts.of("uvmlayout", AbiTables.TAG);
        for (int cmd = layout.constant("UVM_TEST_IOCTL_FIRST");
                cmd <= layout.constant("UVM_TEST_IOCTL_LAST");
                cmd++) {
            assertTrue(
                    trapped(cmd),
                    "UVM test ioctl " + cmd + " (uvm_enable_builtin_tests=1) must be trapped");
        }
        for (int cmd = NvTrapRules.UVM_RANGE_FIRST; cmd < NvTrapRules.UVM_RANGE_END; cmd++) {
            assertTrue(trapped(cmd), "UVM number " + cmd + " must be trapped, known or not");
        }
        for (int cmd = 0x30000000; cmd <= 0x30000003; cmd++) {
            assertTrue(trapped(cmd), "the Linux-only UVM block: " + Ioctl.hex(cmd));
        }
        for (int cmd = 0; cmd < NvTrapRules.UVM_RANGE_FIRST; cmd++) {
            assertFalse(
                    trapped(cmd),
                    cmd + " is below every UVM command and holds file ioctls (FIBMAP, FIGETBSZ)");
        }
        assertFalse(
                trapped(NvTrapRules.UVM_RANGE_END),
                "the range ends at " + NvTrapRules.UVM_RANGE_END);
    }

    @Test
    void nvkmsIsTrappedOnlyWhenTheModesetNodeIsGranted() {
        int nvkms = Ioctl.iowr('m', 0, 16); // NVKMS_IOCTL_CMD
        assertFalse(
                trapped(nvkms),
                "no nvidia-modeset: other devices' nr-0, 16-byte requests stay untrapped");
        List<TrapRule> withModeset = NvTrapRules.rules(AbiTables.frontend(), true);
        for (int type : new int[] {'m', 'F', 0}) {
            for (int dir = 0; dir < 4; dir++) {
                int req = Ioctl.ioc(dir, type, 0, 16);
                assertTrue(
                        withModeset.stream().anyMatch(r -> r.matches(req)),
                        "nvkms_ioctl reads only nr and size: "
                                + Ioctl.hex(req)
                                + " must be trapped");
            }
        }
        assertTrue(withModeset.containsAll(rules), "the modeset rule is added to the others");
    }

    @Test
    void allRulesDenyOnFdsNvProxyDoesNotOwn() {
        for (TrapRule r : NvTrapRules.rules(AbiTables.frontend(), true)) {
            assertEquals(
                    Disposition.DENY,
                    r.unowned(),
                    r.description() + ": continuing on an unowned fd is a race");
        }
    }

    /**
     * Requests other programs issue all the time; trapping them would put the sentry in their path.
     */
    @Test
    void commonIoctlsOfOtherDevicesAreNotTrapped() {
        Map<String, Integer> common =
                Map.ofEntries(
                        Map.entry("TCGETS", 0x5401),
                        Map.entry("TCSETS", 0x5402),
                        Map.entry("TIOCGWINSZ", 0x5413),
                        Map.entry("TIOCSWINSZ", 0x5414),
                        Map.entry("FIONREAD", 0x541b),
                        Map.entry("FIONBIO", 0x5421),
                        Map.entry("TIOCGPTN", 0x80045430),
                        Map.entry("TIOCSPTLCK", 0x40045431),
                        Map.entry("TIOCGPTPEER", 0x5441),
                        Map.entry("FIOCLEX", 0x5451),
                        Map.entry("SIOCGIFCONF", 0x8912),
                        Map.entry("SIOCGIFFLAGS", 0x8913),
                        Map.entry("SIOCGIFINDEX", 0x8933),
                        Map.entry("BLKGETSIZE64", 0x80081272),
                        Map.entry("FS_IOC_GETFLAGS", 0x80086601),
                        Map.entry("RDMA_VERBS_IOCTL", 0xc0181b01),
                        Map.entry("DRM_IOCTL_VERSION", 0xc0406400),
                        Map.entry("KVM_GET_API_VERSION", 0xae00),
                        Map.entry("PERF_EVENT_IOC_ENABLE", 0x2400),
                        Map.entry("LOOP_GET_STATUS64", 0x4c05),
                        Map.entry("SECCOMP_IOCTL_NOTIF_RECV", 0xc0502100),
                        Map.entry("SECCOMP_IOCTL_NOTIF_SEND", 0xc0182101),
                        Map.entry("VFIO_GET_API_VERSION", 0x3b64),
                        Map.entry("DMA_BUF_IOCTL_SYNC", 0x40086200),
                        Map.entry("SNDRV_PCM_IOCTL_PVERSION", 0x80044100),
                        Map.entry("FIBMAP", 0x1),
                        Map.entry("FIGETBSZ", 0x2),
                        Map.entry("HDIO_GETGEO", 0x301),
                        Map.entry("FDGETPRM", 0x80200204),
                        Map.entry("SCSI_IOCTL_SEND_COMMAND", 0x1));
        common.forEach(
                (name, req) ->
                        assertFalse(
                                trapped(req),
                                name + " (" + Ioctl.hex(req) + ") must not be trapped"));
        List<TrapRule> withModeset = NvTrapRules.rules(AbiTables.frontend(), true);
        common.forEach(
                (name, req) ->
                        assertFalse(
                                withModeset.stream().anyMatch(r -> r.matches(req)),
                                name
                                        + " ("
                                        + Ioctl.hex(req)
                                        + ") must not be trapped with nvidia-modeset granted either"));
    }
}
