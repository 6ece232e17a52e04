"""Tokens for API clients: ``POST /api/auth/token/`` with a username and password returns the
user's token (``Authorization: Token <key>``); ``POST /api/auth/token/revoke/`` deletes it.
Browsers signed in to the director app can use the API with their session instead. Password
guesses here count towards the same limits as the sign-in page's (``director.audit.login``)."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .serializers import ErrorSerializer, TokenRequestSerializer, TokenSerializer


class ObtainToken(APIView):
    authentication_classes: list = []  # a password request, not a session one (no CSRF dance)
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Exchange a director's username and password for an API token",
        request=TokenRequestSerializer,
        responses={
            200: TokenSerializer,
            400: OpenApiResponse(ErrorSerializer, description="wrong credentials"),
            429: OpenApiResponse(
                ErrorSerializer, description="too many failed sign-ins: `detail` and `retry_after` say when to retry"
            ),
        },
        auth=[],
        tags=["auth"],
    )
    def post(self, request):
        serializer = TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The same guess limit as the sign-in page (django-axes, director.audit.login): it is kept
        # on Django's request, which axes' middleware turns into the 429 when it is locked out.
        user = authenticate(request._request, **serializer.validated_data)
        if user is None or not user.is_active:
            return Response({"detail": "wrong username or password"}, status=status.HTTP_400_BAD_REQUEST)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class RevokeToken(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Delete your API token (sign out every client using it)",
        request=None,
        responses={204: None},
        tags=["auth"],
    )
    def post(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
