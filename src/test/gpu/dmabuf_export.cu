// Exports GPU memory as a dma-buf (cuMemGetHandleForAddressRange, DMA_BUF_FD) N times and checks
// each fd: /proc/self/fd shows a dma-buf of the right size. Driver API; CUDA 13 style context.
// Build: nvcc -O2 -o dmabuf_export dmabuf_export.cu -lcuda
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_ = "?"; \
    cuGetErrorString(r_, &s_); fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_); return 1; } } while (0)

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 10;
    size_t size = 2u << 20;
    CUdevice dev; CUcontext ctx; CUdeviceptr p;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&dev, 0));
    int supported = 0;
    CHECK(cuDeviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED, dev));
    if (!supported) { printf("dmabuf_export unsupported SKIP\n"); return 2; }
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    CHECK(cuMemAlloc(&p, size));
    int ok = 0;
    for (int i = 0; i < rounds; i++) {
        int fd = -1;
        CHECK(cuMemGetHandleForAddressRange(&fd, p, size, CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 0));
        char link[64], target[256] = {0};
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target, sizeof target - 1);
        off_t end = lseek(fd, 0, SEEK_END);
        if (n > 0 && strncmp(target, "/dmabuf:", 8) == 0 && end == (off_t)size) ok++;
        else fprintf(stderr, "round %d: fd %d -> %s size %lld\n", i, fd, n > 0 ? target : "?", (long long)end);
        close(fd);
    }
    printf("dmabuf_export rounds=%d ok=%d %s\n", rounds, ok, ok == rounds ? "PASS" : "FAIL");
    CHECK(cuMemFree(p));
    CHECK(cuDevicePrimaryCtxRelease(dev));
    return ok == rounds ? 0 : 1;
}
