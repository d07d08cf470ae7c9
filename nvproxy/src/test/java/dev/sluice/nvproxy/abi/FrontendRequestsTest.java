package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.sentry.nativeio.Ioctl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The layout test the project requires: every frontend and RM escape's request decodes to type
 * {@code 'F'}, its escape as {@code _IOC_NR} and the tag's struct size as {@code _IOC_SIZE}, at
 * every generated tag; and at 580.142 each request equals the value {@code _IOWR(NV_IOCTL_MAGIC,
 * escape, type)} has when compiled against the 580.142 headers (the literals below were printed
 * that way).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FrontendRequestsTest {

    /**
     * C type to {@code _IOWR('F', escape, type)} as the C compiler computes it; card info is the
     * 32-entry array.
     */
    private static final Map<String, Integer> FROM_C =
            Map.ofEntries(
                    Map.entry("nv_ioctl_card_info_t", 0xc90046c8),
                    Map.entry("nv_ioctl_register_fd_t", 0xc00446c9),
                    Map.entry("nv_ioctl_alloc_os_event_t", 0xc01046ce),
                    Map.entry("nv_ioctl_free_os_event_t", 0xc01046cf),
                    Map.entry("nv_ioctl_status_code_t", 0xc00c46d1),
                    Map.entry("nv_ioctl_rm_api_version_t", 0xc04846d2),
                    Map.entry("nv_ioctl_xfer_t", 0xc01046d3),
                    Map.entry("NvU32[]", 0xc00446d4),
                    Map.entry("nv_ioctl_query_device_intr", 0xc00846d5),
                    Map.entry("nv_ioctl_sys_params_t", 0xc00846d6),
                    Map.entry("nv_ioctl_numa_info_t", 0xc23046d7),
                    Map.entry("nv_ioctl_set_numa_status_t", 0xc00446d8),
                    Map.entry("nv_ioctl_export_to_dma_buf_fd_t", 0xca3046d9),
                    Map.entry("nv_ioctl_wait_open_complete_t", 0xc00846da),
                    Map.entry("nv_ioctl_nvos02_parameters_with_fd", 0xc0384627),
                    Map.entry("NVOS05_PARAMETERS", 0xc0144628),
                    Map.entry("NVOS00_PARAMETERS", 0xc0104629),
                    Map.entry("NVOS54_PARAMETERS", 0xc020462a),
                    Map.entry("NVOS21_PARAMETERS", 0xc020462b),
                    Map.entry("NVOS64_PARAMETERS", 0xc030462b),
                    Map.entry("NVOS55_PARAMETERS", 0xc01c4634),
                    Map.entry("NVOS57_PARAMETERS", 0xc0184635),
                    Map.entry("NVOS_I2C_ACCESS_PARAMS", 0xc0204639),
                    Map.entry("NVOS30_PARAMETERS", 0xc0384641),
                    Map.entry("NVOS32_PARAMETERS", 0xc0b8464a),
                    Map.entry("NVOS38_PARAMETERS", 0xc048464d),
                    Map.entry("nv_ioctl_nvos33_parameters_with_fd", 0xc038464e),
                    Map.entry("NVOS34_PARAMETERS", 0xc020464f),
                    Map.entry("NVOS41_PARAMETERS", 0xc0104652),
                    Map.entry("NVOS39_PARAMETERS", 0xc0384654),
                    Map.entry("NVOS46_PARAMETERS", 0xc0404657),
                    Map.entry("NVOS47_PARAMETERS", 0xc0304658),
                    Map.entry("NVOS49_PARAMETERS", 0xc0104659),
                    Map.entry("NVOS56_PARAMETERS", 0xc028465e),
                    Map.entry("NV_LOCKLESS_DIAGNOSTIC_PARAMS", 0xfc34465f));

    private static final FrontendRequests REFERENCE = AbiTables.frontend();

    static Stream<FrontendRequests.Layout> layouts() {
        return REFERENCE.layouts().stream();
    }

    /** Every generated tag's escapes, with that tag's sizes. */
    static Stream<Arguments> everyTagsLayouts() {
        return DriverAbis.versions().values().stream()
                .distinct()
                .flatMap(
                        tag ->
                                FrontendRequests.of(Layouts.of("frontend", tag)).layouts().stream()
                                        .map(l -> Arguments.of(tag, l)));
    }

    /**
     * The size a request of this layout encodes: the array CUDA passes for card info, one element
     * otherwise.
     */
    private static int encodedSize(FrontendRequests.Layout l) {
        if (l.escape() == FrontendEscapes.NV_ESC_CARD_INFO) {
            return FrontendStructs.CardInfo.NV_MAX_DEVICES * l.size();
        }
        return l.size();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyTagsLayouts")
    void requestDecodesToItsEscapeAndStructSize(String tag, FrontendRequests.Layout l) {
        String what = tag + ": " + FrontendEscapes.name(l.escape()) + " with " + l.cType();
        assertEquals(
                'F', Ioctl.type(l.request()), what + ": _IOC_TYPE should be NV_IOCTL_MAGIC 'F'");
        assertEquals(l.escape(), Ioctl.nr(l.request()), what + ": _IOC_NR should be the escape");
        assertEquals(
                encodedSize(l),
                Ioctl.size(l.request()),
                what + ": _IOC_SIZE should be the declared struct SIZE");
        assertEquals(
                Ioctl.READ | Ioctl.WRITE,
                Ioctl.dir(l.request()),
                what + ": user space issues _IOWR");
        assertTrue(
                l.size() > 0 && l.size() <= Ioctl.MAX_SIZE,
                what + ": size " + l.size() + " should fit _IOC_SIZE");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void requestEqualsTheCompilersValue(FrontendRequests.Layout l) {
        Integer expected = FROM_C.get(l.cType());
        assertNotNull(expected, l.cType() + " should have a compiler-printed request in this test");
        assertEquals(
                expected.intValue(),
                l.request(),
                FrontendEscapes.name(l.escape())
                        + " with "
                        + l.cType()
                        + " should be "
                        + Ioctl.hex(expected)
                        + ", got "
                        + Ioctl.hex(l.request()));
    }

    @Test
    void spotValuesFromTheHeaders() {
        assertEquals(
                0xc020462a, NvosParams.Nvos54.REQUEST, "NV_ESC_RM_CONTROL with NVOS54 (32 bytes)");
        assertEquals(32, NvosParams.Nvos54.SIZE, "sizeof(NVOS54_PARAMETERS)");
        assertEquals(
                0xc030462b, NvosParams.Nvos64.REQUEST, "NV_ESC_RM_ALLOC with NVOS64 (48 bytes)");
        assertEquals(
                0xc020462b, NvosParams.Nvos21.REQUEST, "NV_ESC_RM_ALLOC with NVOS21 (32 bytes)");
        assertEquals(
                0xc90046c8,
                FrontendStructs.CardInfo.REQUEST,
                "NV_ESC_CARD_INFO with 32 card-info entries");
        assertEquals(
                2304, FrontendStructs.CardInfo.ARRAY_SIZE, "32 * sizeof(nv_ioctl_card_info_t)");
    }

    @Test
    void everyCompilerValueIsALayoutOfTheReferenceTag() {
        Set<String> types = new HashSet<>();
        REFERENCE.layouts().forEach(l -> types.add(l.cType()));
        assertEquals(
                new TreeSet<>(FROM_C.keySet()),
                new TreeSet<>(types),
                "580.142 dispatches every escape the compiler printed, and no other");
    }

    /**
     * At every tag, an escape the driver dispatches has a layout here or is listed as unlaid out
     * (trapped at any size and denied), and every layout's escape is dispatched.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void everyDispatchedEscapeHasALayoutOrIsUnlaidOut(String tag) {
        Layouts layouts = Layouts.of("frontend", tag);
        FrontendRequests requests = FrontendRequests.of(layouts);
        Map<String, Integer> dispatched = layouts.dispatched();
        assertTrue(dispatched.size() > 30, tag + " dispatches " + dispatched.keySet());
        Set<Integer> withLayout = new HashSet<>();
        for (FrontendRequests.Layout l : requests.layouts()) {
            withLayout.add(l.escape());
            assertTrue(
                    dispatched.containsValue(l.escape()),
                    tag + ": " + l.cType() + "'s escape " + l.escape() + " is dispatched");
        }
        dispatched.forEach(
                (name, escape) ->
                        assertTrue(
                                withLayout.contains(escape)
                                        != requests.unlaidOut().containsKey(name),
                                tag + ": " + name + " has a layout or is unlaid out, not both"));
        requests.unlaidOut()
                .forEach(
                        (name, escape) ->
                                assertEquals(
                                        dispatched.get(name),
                                        escape,
                                        tag + ": " + name + " is a dispatched escape"));
    }

    static Stream<String> tags() {
        return DriverAbis.versions().values().stream().distinct();
    }

    /**
     * Which tags dispatch an escape no layout describes: only 535's {@code NV_ESC_RM_NVLOG_CTRL}.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void onlyBranch535HasAnUnlaidOutEscape(String tag) {
        Map<String, Integer> unlaidOut =
                FrontendRequests.of(Layouts.of("frontend", tag)).unlaidOut();
        if (tag.startsWith("535.")) {
            assertEquals(Set.of("NV_ESC_RM_NVLOG_CTRL"), unlaidOut.keySet(), tag);
        } else {
            assertEquals(Map.of(), unlaidOut, tag);
        }
    }

    /**
     * Escapes named in the headers that no dispatcher handles at 580.142: the driver answers {@code
     * EINVAL}. Every other named escape is dispatched, with a layout.
     */
    @Test
    void theNamedEscapesThe580142DriverDoesNotDispatch() {
        Set<Integer> withLayout = new HashSet<>();
        REFERENCE.layouts().forEach(l -> withLayout.add(l.escape()));
        Set<Integer> dispatched =
                new HashSet<>(Layouts.of("frontend", AbiTables.TAG).dispatched().values());
        assertEquals(withLayout, dispatched, "580.142 dispatches exactly the escapes laid out");
        Set<String> notDispatched = new TreeSet<>();
        FrontendEscapes.names()
                .forEach(
                        (escape, name) -> {
                            if (!dispatched.contains(escape)) {
                                notDispatched.add(name);
                            }
                        });
        assertEquals(
                new TreeSet<>(
                        List.of(
                                "NV_ESC_RM_CONFIG_GET",
                                "NV_ESC_RM_CONFIG_SET",
                                "NV_ESC_RM_CONFIG_GET_EX",
                                "NV_ESC_RM_CONFIG_SET_EX",
                                "NV_ESC_RM_ADD_VBLANK_CALLBACK",
                                "NV_ESC_RM_EXPORT_OBJECT_TO_FD",
                                "NV_ESC_RM_IMPORT_OBJECT_FROM_FD")),
                notDispatched,
                "named escapes 580.142 does not dispatch");
    }

    @Test
    void onlyRmAllocAcceptsTwoStructs() {
        Map<Integer, Integer> count = new HashMap<>();
        for (FrontendRequests.Layout l : REFERENCE.layouts()) {
            count.merge(l.escape(), 1, Integer::sum);
        }
        for (Map.Entry<Integer, Integer> e : count.entrySet()) {
            int expected = e.getKey() == FrontendEscapes.NV_ESC_RM_ALLOC ? 2 : 1;
            assertEquals(expected, e.getValue(), FrontendEscapes.name(e.getKey()) + " layouts");
        }
    }

    @Test
    void rmAllocStructsAreToldApartBySize() {
        List<Integer> sizes =
                REFERENCE.layouts().stream()
                        .filter(l -> l.escape() == FrontendEscapes.NV_ESC_RM_ALLOC)
                        .map(FrontendRequests.Layout::size)
                        .toList();
        assertEquals(
                2, new HashSet<>(sizes).size(), "NVOS21 and NVOS64 must differ in size: " + sizes);
        assertEquals(
                NvosParams.Nvos21.OFF_H_CLASS,
                NvosParams.Nvos64.OFF_H_CLASS,
                "hClass sits at the same offset in both (escape.c asserts it)");
        assertEquals(
                NvosParams.Nvos21.OFF_P_ALLOC_PARMS,
                NvosParams.Nvos64.OFF_P_ALLOC_PARMS,
                "pAllocParms sits at the same offset in both (escape.c asserts it)");
    }

    @Test
    void attachGpusRequestScalesWithTheCount() {
        assertEquals(
                4 * 8,
                Ioctl.size(FrontendStructs.AttachGpusToFd.request(8)),
                "8 GPU ids are 32 bytes");
        assertEquals(
                FrontendEscapes.NV_ESC_ATTACH_GPUS_TO_FD,
                Ioctl.nr(FrontendStructs.AttachGpusToFd.request(8)),
                "nr is the escape");
    }
}
