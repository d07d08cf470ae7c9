package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.Layouts;
import dev.sluice.nvproxy.driver.DriverAbis;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The EMULATE handlers read their params at the offsets of the 580.142 headers ({@code
 * FrontendStructs}, {@code NvosParams}). At every tag where such a row exists (its params have the
 * size the handler reads), every member offset the tag's headers give must be the one of 580.142: a
 * struct that kept its size but moved a member would otherwise be read wrongly.
 */
class HandlerLayoutsTest {
    static final String REFERENCE = "580.142";

    @Test
    void everyEmulatedParamsTypeHasTheReferenceOffsetsWhereverItsRowExists() {
        Layouts ref = Layouts.of("frontend", REFERENCE);
        List<String> moved = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        int checked = 0;
        for (String tag : new TreeSet<>(DriverAbis.versions().values())) {
            Layouts at = Layouts.of("frontend", tag);
            FrontendRequests requests = FrontendRequests.of(at);
            List<String> mismatched =
                    FrontendTable.mismatches(requests).stream()
                            .map(m -> m.substring(0, m.indexOf(':')))
                            .toList();
            for (String type : FrontendTable.emulatedTypes()) {
                if (requests.layout(type) == null || mismatched.contains(type)) {
                    continue;
                }
                for (Map.Entry<String, Integer> e : ref.values().entrySet()) {
                    if (!e.getKey().startsWith("offsetof " + type + ".")) {
                        continue;
                    }
                    String member = e.getKey().substring("offsetof ".length());
                    checked++;
                    int off = at.offsetOf(member);
                    if (off < 0) {
                        absent.add(tag + " " + member);
                    } else if (off != e.getValue()) {
                        moved.add(
                                tag
                                        + " "
                                        + member
                                        + " at "
                                        + off
                                        + ", handler reads "
                                        + e.getValue());
                    }
                }
            }
        }
        assertTrue(checked > 24 * 30, "offsets checked: " + checked);
        System.out.println("HandlerLayoutsTest: members absent (padding) at: " + absent);
        assertEquals(List.of(), moved, "members the handlers read moved at some tag");
        assertTrue(
                absent.stream()
                        .allMatch(a -> a.endsWith("nv_ioctl_export_to_dma_buf_fd_t.bAllowMmap")),
                "only bAllowMmap, added at 580 in former padding, is absent: " + absent);
    }

    @Test
    void aTagWhoseParamsDifferInSizeHasNoRowForThem() {
        FrontendRequests at535 = FrontendRequests.of(Layouts.of("frontend", "535.288.01"));
        List<String> mismatches = FrontendTable.mismatches(at535);
        assertEquals(
                List.of("nv_ioctl_export_to_dma_buf_fd_t: 2600 bytes, the handler reads 2608"),
                mismatches,
                "535's dma-buf export params are 2600 bytes (kernel-open/common/inc/nv-ioctl.h)");
        assertFalse(
                FrontendTable.mismatches(FrontendRequests.of(Layouts.of("frontend", REFERENCE)))
                        .iterator()
                        .hasNext(),
                "every handler fits the reference tag");
    }
}
